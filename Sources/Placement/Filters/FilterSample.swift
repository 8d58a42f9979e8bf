/// One sample of a position log as `arsim filter` reads and writes it: `{"t", "x", "y", "z"}`.
///
/// `t` is the timestamp in seconds; `x`, `y`, `z` are the position in the log's space and units
/// (metres for world positions). Values are decoded as `Double`; filters compute in `Double` and
/// report `Float` positions, so filtered output carries `Float` precision.
public struct FilterSample: Sendable, Hashable, Codable {
  /// The timestamp, seconds.
  public var t: Double
  /// The x coordinate.
  public var x: Double
  /// The y coordinate.
  public var y: Double
  /// The z coordinate.
  public var z: Double

  /// Creates a sample.
  public init(t: Double, x: Double, y: Double, z: Double) {
    self.t = t
    self.x = x
    self.y = y
    self.z = z
  }

  /// The position as a `Float` vector (rounded to nearest).
  public var position: SIMD3<Float> { SIMD3(Float(x), Float(y), Float(z)) }
}

extension PositionFilter {
  /// Runs the filter over `samples` in order and returns one output sample per input sample: the
  /// same `t` and the estimate after that sample. A rejected sample (non-increasing timestamp,
  /// outlier) yields the unchanged previous estimate; before anything was accepted the input
  /// passes through.
  ///
  /// - Complexity: O(n) filter updates.
  public mutating func filtered(_ samples: [FilterSample]) -> [FilterSample] {
    samples.map { sample in
      _ = update(measurement: sample.position, timestampSeconds: sample.t)
      guard let p = position else { return sample }
      return FilterSample(t: sample.t, x: Double(p.x), y: Double(p.y), z: Double(p.z))
    }
  }
}
