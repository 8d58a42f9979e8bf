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

/// One sine of the handheld motion on one axis: frequency (hertz), phase (radians) and amplitude
/// (metres for translation axes, degrees for rotation axes); see ``HandMotionSpec``.
struct HandTerm: Sendable {
  /// 0, 1, 2: world x, y, z translation; 3, 4, 5: rotation about camera x, y, z.
  let axis: Int
  let frequencyHertz: Double
  let phaseRadians: Double
  let amplitude: Double

  func value(at timeSeconds: Double) -> Double {
    amplitude * sin(2 * Double.pi * frequencyHertz * timeSeconds + phaseRadians)
  }

  /// The sines of `hand`, drawn axis by axis, band by band, two values each (frequency, phase).
  static func terms(for hand: HandMotionSpec, using random: inout SplitMix64) -> [HandTerm] {
    let k = Double(hand.componentsPerBand)
    var terms: [HandTerm] = []
    for axis in 0..<6 {
      for band in 0..<hand.bandCount {
        let low = hand.bandEdgesHertz[band]
        let high = hand.bandEdgesHertz[band + 1]
        let rms =
          axis < 3
          ? hand.velocityRMSMetersPerSecond[band] : hand.angularVelocityRMSDegreesPerSecond[band]
        for _ in 0..<hand.componentsPerBand {
          let frequency = low * pow(high / low, random.nextUnitDouble())
          let phase = 2 * Double.pi * random.nextUnitDouble()
          // Velocity RMS of one sine: 2πf A / √2 = rms / √(3k).
          let amplitude =
            rms * 2.0.squareRoot() / ((3 * k).squareRoot() * 2 * Double.pi * frequency)
          terms.append(
            HandTerm(
              axis: axis, frequencyHertz: frequency, phaseRadians: phase, amplitude: amplitude))
        }
      }
    }
    return terms
  }
}

extension SceneSynthesizer {
  /// The handheld motion at `sceneTime`: a world translation (metres) and camera-axis rotation
  /// angles (degrees).
  func handMotion(at sceneTime: Double) -> (shift: SIMD3<Double>, turnDegrees: SIMD3<Double>) {
    var sums = [Double](repeating: 0, count: 6)
    for term in handTerms { sums[term.axis] += term.value(at: sceneTime) }
    return (SIMD3(sums[0], sums[1], sums[2]), SIMD3(sums[3], sums[4], sums[5]))
  }

  /// `pose` turned by `degrees` about the camera's x, y and z axes in turn.
  static func turned(_ pose: RigidTransform, degrees: SIMD3<Float>) -> RigidTransform {
    var rotation = pose.rotation
    for (axis, angle) in [
      (SIMD3<Float>(1, 0, 0), degrees.x), (SIMD3(0, 1, 0), degrees.y), (SIMD3(0, 0, 1), degrees.z),
    ] {
      rotation = rotation * Quaternion(angle: .degrees(Double(angle)), axis: axis)
    }
    var result = pose
    result.rotation = rotation.normalized() ?? pose.rotation
    return result
  }

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
    if !handTerms.isEmpty {
      let hand = handMotion(at: sceneTime)
      pose = Self.turned(pose, degrees: SIMD3<Float>(hand.turnDegrees))
      pose.translation += SIMD3<Float>(hand.shift)
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
    pose = Self.turned(pose, degrees: turn)
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
    pose.translation +=
      trackingTimeline.error(at: sceneTime) + Float(model.positionNoiseMeters) * noise
    if angle != 0 {
      pose.rotation =
        (Quaternion(angle: .degrees(angle), axis: axis) * pose.rotation).normalized()
        ?? pose.rotation
    }
    lastReportedPose = pose
    return pose
  }
}
