package io.jgrad.processor;

import com.google.auto.service.AutoService;
import io.jgrad.processor.diag.Message;
import io.jgrad.processor.source.CompilerBridge;
import java.util.Set;
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
@SupportedAnnotationTypes("io.jgrad.Grad")
@SupportedOptions({GradPipeline.CLASSPATH_OPTION, GradPipeline.SOURCEPATH_OPTION})
public final class GradProcessor extends AbstractProcessor {
  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (annotations.isEmpty() || round.processingOver()) {
      return false;
    }
    try {
      new GradPipeline(processingEnv, CompilerBridge.detect(processingEnv)).run(round);
    } catch (Throwable t) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
          Message.INTERNAL.format("this round", t));
    }
    return false;
  }
}
