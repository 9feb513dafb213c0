package io.jgrad.processor;

import com.google.auto.service.AutoService;
import io.jgrad.processor.diag.Message;
import io.jgrad.processor.source.CompilerBridge;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.annotation.processing.SupportedOptions;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * The jgrad annotation processor: writes {@code Foo_Frule} and {@code Foo_Rrule} for the
 * {@code @Grad} methods of each class. A thin shell around {@link GradPipeline} that never lets an
 * exception escape: an internal failure becomes an error asking for a bug report.
 */
@AutoService(Processor.class)
@SupportedAnnotationTypes({"io.jgrad.Grad", "io.jgrad.CustomRules"})
@SupportedOptions({GradPipeline.CLASSPATH_OPTION, GradPipeline.SOURCEPATH_OPTION,
    Timings.OPTION})
public final class GradProcessor extends AbstractProcessor {
  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  /** Rule classes written so far in this compilation (rounds share one processor). */
  private final Map<String, String> written = new HashMap<>();
  /** Types declared in sources of this compilation, generated ones included. */
  private final Set<String> rootNames = new HashSet<>();
  /** The {@code @CustomRules} classes of this compilation (all rounds so far). */
  private final Set<String> customHolders = new java.util.LinkedHashSet<>();
  /** The target classes whose custom-rule index this compilation has written. */
  private final Set<String> indexWritten = new HashSet<>();

  private void collectNames(TypeElement type) {
    if (written.containsKey(type.getQualifiedName().toString())) {
      return; // our own rules, handed back in the next round
    }
    rootNames.add(type.getQualifiedName().toString());
    for (Element e : type.getEnclosedElements()) {
      if (e instanceof TypeElement nested) {
        collectNames(nested);
      }
    }
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    try {
      for (Element root : round.getRootElements()) {
        if (root instanceof TypeElement type) {
          collectNames(type);
        }
      }
      if (annotations.isEmpty() || round.processingOver()) {
        return false;
      }
      new GradPipeline(processingEnv, CompilerBridge.detect(processingEnv), written, rootNames,
          customHolders, indexWritten).run(round);
    } catch (Throwable t) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
          Message.INTERNAL.format("this round", t));
      // for jgrad's own engineers: javac -J-Djgrad.debug=true prints where it happened
      if (Boolean.getBoolean("jgrad.debug")) {
        t.printStackTrace();
      }
    }
    return false;
  }
}
