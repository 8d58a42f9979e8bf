import ARSimulation
import Placement
import SceneFormat
import SpatialMath

extension SceneSynthesizer {
  /// The 21 joints (world metres, ``HandJoint`` order) of a hand pointing at the object with id
  /// `objectID` (see ``HandModelSpec``); `nil` for an unknown id.
  func handJoints(pointingAt objectID: String) -> [SIMD3<Float>]? {
    guard let hand = spec.hand,
      let entry = objectGeometry.first(where: { $0.spec.id == objectID }),
      let surface = surfaces.first(where: { $0.identifier == entry.spec.surfaceIdentifier })
    else { return nil }
    let target = entry.position
    let normal = surface.worldFromSurface.transformDirection(SIMD3(0, 1, 0))
    let localX = surface.worldFromSurface.transformDirection(SIMD3(1, 0, 0))
    let approach = SIMD2<Float>(hand.approachFrom)
    let along =
      surface.worldFromSurface.transformDirection(SIMD3(approach.x, 0, approach.y)).normalized()
      ?? localX
    let rest = target + 0.06 * normal + 0.12 * along
    let d = (target - rest).normalized() ?? -normal
    let side = d.cross(normal).normalized() ?? localX
    let palm = d.cross(side).normalized() ?? normal
    let tip = target - Float(hand.hoverMeters) * d
    let mcp = tip - 0.09 * d
    let wrist = mcp - 0.08 * d + 0.03 * side
    var joints: [SIMD3<Float>] = [wrist]
    // Thumb: CMC, MP, IP, tip along the palm.
    let cmc = wrist - 0.02 * side + 0.02 * d
    let mp = cmc + 0.03 * d - 0.015 * side
    let ip = mp + 0.025 * d + 0.01 * palm
    joints += [cmc, mp, ip, ip + 0.02 * d + 0.015 * palm]
    // Index: straight along the finger.
    joints += [mcp, tip - 0.05 * d, tip - 0.025 * d, tip]
    // Middle, ring, little: curled beside the index knuckle.
    for k in 1...3 {
      let knuckle = mcp + Float(k) * 0.02 * side - Float(k) * 0.004 * d
      joints += [
        knuckle, knuckle + 0.025 * d + 0.015 * palm, knuckle + 0.015 * d + 0.03 * palm,
        knuckle + 0.035 * palm,
      ]
    }
    return joints
  }

  /// The hand's joints at scene time `t`: dwelling on a target, or moving between two (smoothstep
  /// blend of the two poses); `nil` before ``HandModelSpec/startSeconds``.
  func handJoints(atSceneTime t: Double) -> [SIMD3<Float>]? {
    guard let hand = spec.hand, t >= hand.startSeconds else { return nil }
    let period = hand.dwellSeconds + hand.moveSeconds
    let k = min(Int(((t - hand.startSeconds) / period).rounded(.down)), hand.targets.count - 1)
    guard let current = handJoints(pointingAt: hand.targets[k]) else {
      return nil
    }
    let into = t - hand.startSeconds - Double(k) * period - hand.dwellSeconds
    guard k + 1 < hand.targets.count, into > 0, hand.moveSeconds > 0,
      let next = handJoints(pointingAt: hand.targets[k + 1])
    else { return current }
    let u = min(into / hand.moveSeconds, 1)
    let w = Float(u * u * (3 - 2 * u))
    return zip(current, next).map { $0 + w * ($1 - $0) }
  }

  /// The hand-pose observations of one frame (see ``HandModelSpec``): at most one hand.
  mutating func handObservations(sceneTime: Double, camera: Camera) -> [RecordingPointsObservation]
  {
    guard let hand = spec.hand, let geometry = vision.handGeometry else { return [] }
    let joints = handJoints(atSceneTime: sceneTime)
    var points: [RecordingPointsObservation.Point] = []
    for (index, joint) in HandJoint.allCases.enumerated() {
      let gx = vision.handRandom.nextGaussian()
      let gy = vision.handRandom.nextGaussian()
      let confidenceDraw = vision.handRandom.nextUnitDouble()
      guard let joints, let pixel = camera.projectToImagePixels(joints[index]) else { continue }
      let noisy = Point(
        x: pixel.x + hand.pointNoisePixels * gx, y: pixel.y + hand.pointNoisePixels * gy)
      let size = camera.imageResolution
      guard noisy.x >= 0, noisy.x < size.width, noisy.y >= 0, noisy.y < size.height else {
        continue
      }
      let location = geometry.visionPoint(
        forImageNormalizedPoint: Point(x: noisy.x / size.width, y: noisy.y / size.height))
      guard (0...1).contains(location.x), (0...1).contains(location.y) else { continue }
      points.append(
        RecordingPointsObservation.Point(
          name: joint.name,
          location: Point(x: Self.rounded(location.x), y: Self.rounded(location.y)),
          confidence: Self.score(hand.confidence * (0.8 + 0.2 * confidenceDraw))))
    }
    guard points.count >= 11 else { return [] }
    return [
      RecordingPointsObservation(
        request: .humanHandPose, confidence: Self.score(hand.confidence), points: points)
    ]
  }
}
