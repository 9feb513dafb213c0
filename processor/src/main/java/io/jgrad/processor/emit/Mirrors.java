package io.jgrad.processor.emit;

import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.jgrad.processor.ir.Expr;
import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Copies of static final fields the generated class cannot name (private ones): each becomes a
 * private static final field of the rules class, read once by reflection when it is initialised.
 * A primitive's value cannot change after initialisation and an array is the same object, so
 * the rules read exactly what the primal reads.
 */
final class Mirrors {
  private static final String READER = "privateConstant";

  private final Map<String, Expr.StaticField> fields = new LinkedHashMap<>();

  /** The name the rules use for {@code field}. */
  String name(Expr.StaticField field) {
    String owner = field.owner().substring(field.owner().lastIndexOf('.') + 1).replace('$', '_');
    String name = owner + "_" + field.name();
    fields.putIfAbsent(name, field);
    return name;
  }

  /** Adds the copies and their reader to {@code type}, and forgets them. */
  void addTo(TypeSpec.Builder type) {
    if (fields.isEmpty()) {
      return;
    }
    fields.forEach((name, field) -> type.addField(FieldSpec.builder(
        JavaEmitter.typeName(field.type()), name, Modifier.PRIVATE, Modifier.STATIC,
        Modifier.FINAL)
        .initializer("($T) $N($S, $S)", JavaEmitter.typeName(field.type()), READER,
            field.owner(), field.name())
        .build()));
    type.addMethod(MethodSpec.methodBuilder(READER)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(Object.class)
        .addParameter(String.class, "owner")
        .addParameter(String.class, "name")
        .addJavadoc("Reads a private static final field the primal reads: these rules live in"
            + " another class.\n")
        .beginControlFlow("try")
        .addStatement("$T field = $T.forName(owner).getDeclaredField(name)", Field.class,
            Class.class)
        .addStatement("field.setAccessible(true)")
        .addStatement("return field.get(null)")
        .nextControlFlow("catch ($T e)", ReflectiveOperationException.class)
        .addStatement("throw new $T(\"jgrad: cannot read \" + owner + \".\" + name, e)",
            IllegalStateException.class)
        .endControlFlow()
        .build());
    fields.clear();
  }
}
