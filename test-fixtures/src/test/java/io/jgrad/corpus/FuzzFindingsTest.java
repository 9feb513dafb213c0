package io.jgrad.corpus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgrad.build.Javac;
import io.jgrad.check.GradCheck;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aliasing finding of {@link FuzzFindings}: every rule rejects x1 == x2, the Jacobian too.
 * And the findings of {@link FuzzFindingsE} and {@link FuzzFindingsF} that did not compile with
 * jgrad: each is compiled here with jgrad and checked (disabled while its bug is open).
 */
class FuzzFindingsTest {
  @TempDir Path temp;

  @Test
  void aliasedArgumentsOfAWritingMethodAreRejectedByEveryRule() {
    GradCheck.of(FuzzFindings.class, "aliasedArrayResult").points(3).checkAliasing(0, 1);
  }

  @Test
  void privatePassiveRecordMethodIsCalledThroughACopy() throws Exception {
    compileAndCheck("PrivatePassiveRecordMethod", FuzzFindingsE.PRIVATE_PASSIVE_RECORD_METHOD,
        c -> c.range(-2, 2));
  }

  @Test
  void doubleMethodOfADataRecordIsPassive() throws Exception {
    compileAndCheck("DataRecordDoubleMethod", FuzzFindingsE.DATA_RECORD_DOUBLE_METHOD,
        c -> c.range(-2, 2).intRange(-3, 3));
  }

  @Test
  // was a crash (ClassCastException in ReverseTransform.adjointOf); fixed: a zero tangent
  void passiveRecordFactoryGivesAZeroTangent() throws Exception {
    compileAndCheck("PassiveRecordFactory", FuzzFindingsE.PASSIVE_RECORD_FACTORY,
        c -> c.args(r -> new Object[] {(r.nextBoolean() ? 1 : -1) * (0.1 + r.nextDouble())}));
  }

  @Test
  void componentOfAConstantOfAnOtherwiseUnusedRecordType() throws Exception {
    compileAndCheck("ConstantComponent", FuzzFindingsE.CONSTANT_COMPONENT, c -> c.range(-2, 2));
  }

  @Test
  void privatePassiveMethodCallingRules() throws Exception {
    compileAndCheck("PrivatePassiveCallsRules", FuzzFindingsE.PRIVATE_PASSIVE_CALLS_RULES,
        c -> c.range(-2, 2).intRange(-3, 3), "f", "g");
  }

  @Test
  void conditionalOverALocalObjectAndAParameterIsNotAWriteToTheParameter() throws Exception {
    compileAndCheck("TernaryReceiver", FuzzFindingsF.TERNARY_RECEIVER, c -> c.range(-2, 2));
  }

  /** Compiles {@code source} ({@code fuzzfindings.<name>}) with jgrad and checks its f. */
  private void compileAndCheck(String name, String source, UnaryOperator<GradCheck> config)
      throws Exception {
    compileAndCheck(name, source, config, "f");
  }

  /** Compiles {@code source} ({@code fuzzfindings.<name>}) with jgrad, checks its methods. */
  private void compileAndCheck(String name, String source, UnaryOperator<GradCheck> config,
      String... methods) throws Exception {
    Javac javac = new Javac(temp);
    List<Diagnostic<? extends JavaFileObject>> diagnostics =
        javac.compile(javac.write("fuzzfindings/" + name + ".java", source));
    assertTrue(diagnostics.stream().noneMatch(d -> d.getKind() == Diagnostic.Kind.ERROR),
        () -> name + " does not compile with jgrad: " + diagnostics);
    Class<?> type = javac.loader().loadClass("fuzzfindings." + name);
    for (String method : methods) {
      config.apply(GradCheck.of(type, method).points(6).seed(CorpusTest.SEED)).check();
    }
  }
}
