import Placement
import SpatialMath

/// A ground-truth object of a synthetic stream: an identity, a detector label, and a world position
/// (metres) that follows a motion.
public struct SyntheticObject: Sendable, Hashable, Codable {
  /// The truth identifier (used by the MOT metrics).
  public var id: String
  /// The detector label.
  public var label: String
  /// The world position at time zero, metres.
  public var position: SIMD3<Float>
  /// How the position changes with time.
  public var motion: SyntheticMotion

  /// Creates an object.
  public init(
    id: String, label: String, position: SIMD3<Float>, motion: SyntheticMotion = .stationary
  ) {
    self.id = id
    self.label = label
    self.position = position
    self.motion = motion
  }

  /// The true world position (metres) at `timestampSeconds`, before any shared world jump.
  public func position(atSeconds timestampSeconds: Double) -> SIMD3<Float> {
    switch motion {
    case .stationary:
      return position
    case .step(let atSeconds, let offsetMeters):
      return timestampSeconds >= atSeconds ? position + offsetMeters : position
    case .drift(let velocityMetersPerSecond):
      return position + velocityMetersPerSecond * Float(timestampSeconds)
    }
  }
}

/// The motion of a synthetic object in world space.
public enum SyntheticMotion: Sendable, Hashable, Codable {
  /// The object does not move.
  case stationary
  /// The object jumps by `offsetMeters` at `atSeconds` (inclusive) and stays there.
  case step(atSeconds: Double, offsetMeters: SIMD3<Float>)
  /// The object moves with constant velocity (metres per second) from time zero.
  case drift(velocityMetersPerSecond: SIMD3<Float>)
}
