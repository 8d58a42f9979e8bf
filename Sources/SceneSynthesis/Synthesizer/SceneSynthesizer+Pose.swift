import ARSimulation
import SceneFormat
import SpatialMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// One sine of the hand tremor: a frequency factor (0.6...1.4 of the centre frequency) and a
/// phase (radians), drawn once per synthesis.
struct TremorTerm: Sendable {
  let frequencyFactor: Double
  let phaseRadians: Double

  init(using random: inout SplitMix64) {
    frequencyFactor = 0.6 + 0.8 * random.nextUnitDouble()
    phaseRadians = 2 * Double.pi * random.nextUnitDouble()
  }

  func value(at timeSeconds: Double, frequencyHertz: Double) -> Double {
    sin(2 * Double.pi * frequencyHertz * frequencyFactor * timeSeconds + phaseRadians)
  }
}

extension SceneSynthesizer {
  /// The true worldFromCamera at frame `index` (scene time `sceneTime`).
  func trueCameraPose(index: Int, sceneTime: Double) -> RigidTransform {
    var pose: RigidTransform
    if spec.recordedTrajectory != nil {
      pose = (try? RigidTransform(recordedPoses[index].worldFromCamera)) ?? .identity
    } else if let trajectory = spec.trajectory {
      let eased = trajectory.easedPose(at: sceneTime)
      pose = Self.lookAtPose(
        position: eased.position, lookAt: eased.lookAt,
        quarterTurns: interfaceQuarterTurns)
    } else {
      pose = .identity
    }
    let tremor = spec.trajectory?.tremor ?? .none
    guard tremor.positionAmplitudeMeters > 0 || tremor.rotationAmplitudeDegrees > 0 else {
      return pose
    }
    func axisSum(_ axis: Int, _ group: Int) -> Float {
      let base = group * 9 + axis * 3
      let sum = (0..<3).reduce(0.0) {
        $0 + tremorTerms[base + $1].value(at: sceneTime, frequencyHertz: tremor.frequencyHertz)
      }
      return Float(sum / 3)
    }
    let shift =
      SIMD3(axisSum(0, 0), axisSum(1, 0), axisSum(2, 0)) * Float(tremor.positionAmplitudeMeters)
    let turn =
      SIMD3(axisSum(0, 1), axisSum(1, 1), axisSum(2, 1)) * Float(tremor.rotationAmplitudeDegrees)
    var rotation = pose.rotation
    for (axis, degrees) in [
      (SIMD3<Float>(1, 0, 0), turn.x), (SIMD3(0, 1, 0), turn.y), (SIMD3(0, 0, 1), turn.z),
    ] {
      rotation = rotation * Quaternion(angle: .degrees(Double(degrees)), axis: axis)
    }
    pose.rotation = rotation.normalized() ?? pose.rotation
    pose.translation += shift
    return pose
  }

  /// worldFromCamera for a camera at `position` looking at `lookAt` with world +y up, rolled for
  /// the interface orientation (`quarterTurns` clockwise: 0 landscapeRight, 1 portrait, ...).
  /// Looking straight up or down, the landscape right vector falls back to world +x.
  static func lookAtPose(position: SIMD3<Float>, lookAt: SIMD3<Float>, quarterTurns: Int)
    -> RigidTransform
  {
    let forward = (lookAt - position).normalized() ?? SIMD3(0, 0, -1)
    let right = forward.cross(SIMD3(0, 1, 0)).normalized() ?? SIMD3(1, 0, 0)
    let up = right.cross(forward)
    let (x, y): (SIMD3<Float>, SIMD3<Float>) =
      switch ((quarterTurns % 4) + 4) % 4 {
      case 1: (-up, right)
      case 2: (-right, -up)
      case 3: (up, -right)
      default: (right, up)
      }
    let rotation = (try? Quaternion(rotationMatrix: Matrix3x3(x, y, -forward))) ?? .identity
    return RigidTransform(rotation: rotation, translation: position)
  }

  /// The reported pose: the last tracked one while lost, else the true pose plus drift, jumps and
  /// noise. Always draws four Gaussians (position) and four values (rotation) per frame.
  mutating func reportedPose(truePose: RigidTransform, sceneTime: Double, lost: Bool)
    -> RigidTransform
  {
    let model = spec.tracking
    let noise = SIMD3(
      Float(trackingRandom.nextGaussian()), Float(trackingRandom.nextGaussian()),
      Float(trackingRandom.nextGaussian()))
    let axis =
      SIMD3(
        Float(trackingRandom.nextGaussian()), Float(trackingRandom.nextGaussian()),
        Float(trackingRandom.nextGaussian())
      ).normalized() ?? SIMD3(1, 0, 0)
    let angle = trackingRandom.nextGaussian() * model.rotationNoiseDegrees
    if lost, let last = lastReportedPose { return last }
    var pose = truePose
    pose.translation += model.offset(at: sceneTime) + Float(model.positionNoiseMeters) * noise
    if angle != 0 {
      pose.rotation =
        (Quaternion(angle: .degrees(angle), axis: axis) * pose.rotation).normalized()
        ?? pose.rotation
    }
    lastReportedPose = pose
    return pose
  }
}
