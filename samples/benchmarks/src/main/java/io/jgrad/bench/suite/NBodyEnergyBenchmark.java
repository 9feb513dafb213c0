package io.jgrad.bench.suite;

import io.jgrad.bench.RowBenchmark;
import io.jgrad.bench.peers.HandWritten;
import io.jgrad.bench.peers.ViaFinmath;
import io.jgrad.bench.peers.ViaHipparchus;
import io.jgrad.bench.rows.Body;
import io.jgrad.bench.rows.Body_Tangent;
import io.jgrad.bench.rows.NBodyEnergy;
import io.jgrad.bench.rows.NBodyEnergy_Frule;
import io.jgrad.bench.rows.NBodyEnergy_Rrule;
import io.jgrad.bench.rows.Vec3;
import io.jgrad.bench.rows.Vec3_Tangent;
import java.util.Random;
import org.hipparchus.analysis.differentiation.Gradient;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Row {@code nbody_energy}: {@link NBodyEnergy#energyAfter}, the energy of 128 bodies after 4
 * leapfrog steps, written with records ({@code Vec3}, {@code Body[]}). Positions are standard
 * normals, velocities 0.3 times standard normals, masses uniform in [0.5, 1.5) / n (total mass about
 * 1, so the system is near virial equilibrium), dt = 0.01, softening 0.1. The gradient is, body by
 * body, d/d(position x, y, z, velocity x, y, z, mass), then d/d dt and d/d softening (7n + 2
 * entries); every implementation computes all of it. jgrad's adjoint buffer is a
 * {@code Body_Tangent[]} (its generated tangent type) and two scalars; the forward direction is a
 * {@code Body_Tangent[]} and two scalars.
 */
@State(Scope.Benchmark)
public class NBodyEnergyBenchmark extends RowBenchmark {
  private final int n;
  private final int steps;

  Body[] bodies;
  double dt;
  double softening;
  Body_Tangent[] bodiesDot;
  double dtDot;
  double softeningDot;
  Body_Tangent[] bodiesBar;
  double[] scalarBars;
  Body_Tangent[] bodiesHvp;
  double[] scalarHvps;

  public NBodyEnergyBenchmark() {
    this(128, 4);
  }

  /** n bodies, that many leapfrog steps (smaller for the unit test). */
  public NBodyEnergyBenchmark(int n, int steps) {
    super("nbody_energy", "bodies: " + n + " (Body[] of records), " + steps
        + " leapfrog steps, dt = 0.01, softening = 0.1");
    this.n = n;
    this.steps = steps;
  }

  @Override
  protected void prepare(Random random) {
    bodies = new Body[n];
    for (int i = 0; i < n; i++) {
      Vec3 position = new Vec3(random.nextGaussian(), random.nextGaussian(), random.nextGaussian());
      Vec3 velocity = new Vec3(0.3 * random.nextGaussian(), 0.3 * random.nextGaussian(),
          0.3 * random.nextGaussian());
      bodies[i] = new Body(position, velocity, (0.5 + random.nextDouble()) / n);
    }
    dt = 0.01;
    softening = 0.1;
    bodiesDot = new Body_Tangent[n];
    for (int i = 0; i < n; i++) {
      bodiesDot[i] = new Body_Tangent(
          new Vec3_Tangent(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()),
          new Vec3_Tangent(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()),
          random.nextGaussian());
    }
    dtDot = random.nextGaussian();
    softeningDot = random.nextGaussian();
    bodiesBar = Body_Tangent.zerosLike(bodies);
    scalarBars = new double[2];
    bodiesHvp = Body_Tangent.zerosLike(bodies);
    scalarHvps = new double[2];
  }

  @Benchmark
  @Override
  public double primal() {
    return NBodyEnergy.energyAfter(bodies, dt, steps, softening);
  }

  @Benchmark
  @Override
  public double jgradReverse() {
    return NBodyEnergy_Rrule.energyAfterGradientInto(bodies, bodiesBar, dt, steps, softening,
        scalarBars);
  }

  @Benchmark
  @Override
  public NBodyEnergy_Rrule.EnergyAfterGradient jgradReverseRecord() {
    return NBodyEnergy_Rrule.energyAfter(bodies, dt, steps, softening);
  }

  @Benchmark
  @Override
  public double jgradForward() {
    return NBodyEnergy_Frule.energyAfterInto(bodies, bodiesDot, dt, dtDot, steps, softening,
        softeningDot, forwardTangent);
  }

  @Benchmark
  @Override
  public double jgradHvp() {
    for (int i = 0; i < bodiesBar.length; i++) {
      Body_Tangent.clear(bodiesBar[i]);
      Body_Tangent.clear(bodiesHvp[i]);
    }
    scalarBars[0] = 0.0;
    scalarBars[1] = 0.0;
    scalarHvps[0] = 0.0;
    scalarHvps[1] = 0.0;
    return NBodyEnergy_Rrule.energyAfterHvpAdjoint(bodies, bodiesDot, bodiesBar, bodiesHvp, dt,
        dtDot, steps, softening, softeningDot, 1.0, scalarBars, scalarHvps);
  }

  @Override
  public double[] hvpProduct() {
    return flatten(bodiesHvp, scalarHvps[0], scalarHvps[1]);
  }

  @Benchmark
  @Override
  public double handWritten() {
    return HandWritten.nbodyEnergy(bodies, dt, steps, softening, handBar);
  }

  @Benchmark
  @Override
  public Gradient hipparchus() {
    return ViaHipparchus.nbodyEnergy(bodies, dt, steps, softening);
  }

  @Benchmark
  @Override
  public double finmath() {
    return ViaFinmath.nbodyEnergy(bodies, dt, steps, softening, finmathBar);
  }

  @Benchmark
  @Override
  public double finiteDifferences() {
    return centralDifferences();
  }

  @Override
  public double[] jgradGradient() {
    return flatten(bodiesBar, scalarBars[0], scalarBars[1]);
  }

  /** The gradient record holds a {@code Body_Tangent[]}: flattened like {@link #jgradGradient()}. */
  @Override
  public double[] recordGradient(Object record) {
    NBodyEnergy_Rrule.EnergyAfterGradient g = (NBodyEnergy_Rrule.EnergyAfterGradient) record;
    return flatten(g.bodiesBar(), g.dtBar(), g.softeningBar());
  }

  @Override
  public double[] direction() {
    return flatten(bodiesDot, dtDot, softeningDot);
  }

  /** Body by body: position x, y, z, velocity x, y, z, mass; then dt and softening. */
  private static double[] flatten(Body_Tangent[] bodies, double dt, double softening) {
    int n = bodies.length;
    double[] g = new double[7 * n + 2];
    for (int i = 0; i < n; i++) {
      Body_Tangent t = bodies[i];
      g[7 * i] = t.position.x;
      g[7 * i + 1] = t.position.y;
      g[7 * i + 2] = t.position.z;
      g[7 * i + 3] = t.velocity.x;
      g[7 * i + 4] = t.velocity.y;
      g[7 * i + 5] = t.velocity.z;
      g[7 * i + 6] = t.mass;
    }
    g[7 * n] = dt;
    g[7 * n + 1] = softening;
    return g;
  }

  @Override
  public int comparedInputs() {
    return 7 * n + 2;
  }

  @Override
  protected double input(int k) {
    if (k == 7 * n) {
      return dt;
    }
    if (k == 7 * n + 1) {
      return softening;
    }
    Body b = bodies[k / 7];
    return switch (k % 7) {
      case 0 -> b.position().x();
      case 1 -> b.position().y();
      case 2 -> b.position().z();
      case 3 -> b.velocity().x();
      case 4 -> b.velocity().y();
      case 5 -> b.velocity().z();
      default -> b.mass();
    };
  }

  /** Records are values: the body is rebuilt with one component changed. */
  @Override
  protected void setInput(int k, double value) {
    if (k == 7 * n) {
      dt = value;
      return;
    }
    if (k == 7 * n + 1) {
      softening = value;
      return;
    }
    Body b = bodies[k / 7];
    Vec3 p = b.position();
    Vec3 v = b.velocity();
    bodies[k / 7] = switch (k % 7) {
      case 0 -> new Body(new Vec3(value, p.y(), p.z()), v, b.mass());
      case 1 -> new Body(new Vec3(p.x(), value, p.z()), v, b.mass());
      case 2 -> new Body(new Vec3(p.x(), p.y(), value), v, b.mass());
      case 3 -> new Body(p, new Vec3(value, v.y(), v.z()), b.mass());
      case 4 -> new Body(p, new Vec3(v.x(), value, v.z()), b.mass());
      case 5 -> new Body(p, new Vec3(v.x(), v.y(), value), b.mass());
      default -> new Body(p, v, value);
    };
  }
}
