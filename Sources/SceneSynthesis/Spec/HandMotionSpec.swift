import SceneFormat

/// Handheld motion added to a synthetic camera path, fitted to real hand-held trajectories by
/// its spectrum: per frequency band, the RMS of the 3D velocity (world axes) and of the 3D
/// angular velocity (camera axes) that the hand adds.
///
/// JSON: `{"bandEdgesHertz": [f0, f1, ..., fn], "velocityRMSMetersPerSecond": [v1, ..., vn],
/// "angularVelocityRMSDegreesPerSecond": [w1, ..., wn], "componentsPerBand"?: k [4]}`, band `i`
/// spanning `[f(i-1), f(i))` hertz (edges positive and strictly increasing, at most 1000 Hz).
///
/// Synthesis: for each of the six axes (x, y, z translation; x, y, z rotation), each band and
/// each of `k` components, one sine with a seeded frequency log-uniform in the band and a seeded
/// phase. A translation sine of frequency `f` has amplitude `v √2 / (√(3k) · 2πf)` metres, so each
/// contributes `v² / (3k)` to the mean squared velocity and the band's three axes and `k`
/// components together `v²`; rotations likewise in degrees. A band's RMS jerk is then about
/// `(2πf)²` times its RMS velocity, which is how a fit to a real trajectory's jerk spectrum
/// carries over. `scripts/fit-hand-motion.py` measures these band values on a recorded
/// trajectory and checks a synthesized scene against it.
public struct HandMotionSpec: Sendable, Hashable {
  /// Band edges, hertz (`n + 1` values, positive, strictly increasing).
  public var bandEdgesHertz: [Double]
  /// RMS of the 3D velocity added in each band, metres per second (`n` values, >= 0).
  public var velocityRMSMetersPerSecond: [Double]
  /// RMS of the 3D angular velocity added in each band, degrees per second (`n` values, >= 0).
  public var angularVelocityRMSDegreesPerSecond: [Double]
  /// Sines per axis and band (1...64).
  public var componentsPerBand: Int

  /// Creates a hand model (call sites that build one in code are trusted; JSON is validated).
  public init(
    bandEdgesHertz: [Double], velocityRMSMetersPerSecond: [Double],
    angularVelocityRMSDegreesPerSecond: [Double], componentsPerBand: Int = 4
  ) {
    self.bandEdgesHertz = bandEdgesHertz
    self.velocityRMSMetersPerSecond = velocityRMSMetersPerSecond
    self.angularVelocityRMSDegreesPerSecond = angularVelocityRMSDegreesPerSecond
    self.componentsPerBand = componentsPerBand
  }

  /// The number of bands.
  public var bandCount: Int { max(bandEdgesHertz.count - 1, 0) }

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    bandEdgesHertz = try object.required("bandEdgesHertz") { value in
      let edges = try value.array { try $0.number(atLeast: 0, atMost: 1000) }
      guard edges.count >= 2 else {
        throw InputFileError(.invalidValue, "needs at least two edges (one band)")
      }
      for (index, edge) in edges.enumerated() {
        guard edge > 0, index == 0 || edge > edges[index - 1] else {
          throw InputFileError(
            .invalidValue, "band edges must be positive and strictly increasing",
            path: [.index(index)])
        }
      }
      return edges
    }
    let bands = bandEdgesHertz.count - 1
    func perBand(_ key: String, atMost limit: Double) throws -> [Double] {
      try object.required(key) { value in
        let values = try value.array { try $0.number(atLeast: 0, atMost: limit) }
        guard values.count == bands else {
          throw InputFileError(
            .invalidValue, "expected \(bands) values (one per band), got \(values.count)")
        }
        return values
      }
    }
    velocityRMSMetersPerSecond = try perBand("velocityRMSMetersPerSecond", atMost: 100)
    angularVelocityRMSDegreesPerSecond = try perBand(
      "angularVelocityRMSDegreesPerSecond", atMost: 10_000)
    componentsPerBand =
      try object.optional("componentsPerBand") { value in
        let n = try value.number(atLeast: 1, atMost: 64)
        guard n == n.rounded() else {
          throw InputFileError(.invalidValue, "must be an integer")
        }
        return Int(n)
      } ?? 4
    _ = try object.extras()
  }
}

extension HandMotionSpec {
  /// The JSON object (every member written).
  public var jsonValue: JSONValue {
    .object([
      "bandEdgesHertz": .numbers(bandEdgesHertz),
      "velocityRMSMetersPerSecond": .numbers(velocityRMSMetersPerSecond),
      "angularVelocityRMSDegreesPerSecond": .numbers(angularVelocityRMSDegreesPerSecond),
      "componentsPerBand": .number(Double(componentsPerBand)),
    ])
  }
}
