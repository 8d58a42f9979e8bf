import ARSimulation
import SceneFormat
import SpatialMath

/// The per-surface state of the plane model: when the surface was first seen and the anchor's
/// fixed seeded errors (drawn then).
struct PlaneState: Sendable {
  var firstSeenSeconds: Double?
  var centerShift = SIMD2<Float>.zero
  var tiltAxisLocal = SIMD3<Float>(1, 0, 0)
  var tiltDegrees = 0.0
  var normalOffsetMeters: Float = 0
  /// The tracking error the plane was mapped with and has not yet absorbed (world metres; zero
  /// without corrections, where planes stay on the truth).
  var carriedErrorMeters = SIMD3<Float>.zero
}

extension SceneSynthesizer {
  /// `pose` moved by `offset` (world metres); `pose` itself for a zero offset.
  static func shifted(_ pose: RigidTransform, by offset: SIMD3<Float>) -> RigidTransform {
    guard offset != .zero else { return pose }
    var moved = pose
    moved.translation += offset
    return moved
  }

  /// Applies the tracking corrections in `(after, upTo]` (scene seconds) to the planes mapped
  /// so far: each absorbs its share of its carried error (see `TrackingErrorTimeline`), its
  /// distance measured from `cameraPosition` (the reported camera's, world metres).
  mutating func applyCorrections(after: Double?, upTo: Double, cameraPosition: SIMD3<Float>) {
    for k in trackingTimeline.correctionIndices(after: after, upTo: upTo) {
      let correction = trackingTimeline.corrections[k]
      for index in planeStates.indices where planeStates[index].firstSeenSeconds != nil {
        let carried = planeStates[index].carriedErrorMeters
        let position = surfaces[index].worldFromSurface.translation + carried
        planeStates[index].carriedErrorMeters += correction.anchorShift(
          carriedErrorMeters: carried, distanceMeters: position.distance(to: cameraPosition))
      }
    }
  }

  /// The plane anchors at `sceneTime` (see ``PlaneModelSpec``); `camera` is the true camera.
  mutating func planeAnchors(sceneTime: Double, camera: Camera) -> [RecordingPlane] {
    let model = spec.planes
    var anchors: [RecordingPlane] = []
    for (index, surface) in surfaces.enumerated() {
      if planeStates[index].firstSeenSeconds == nil,
        Self.isInImage(surface.worldFromSurface.translation, camera)
      {
        let shift = Float(model.centerShiftMeters)
        planeStates[index] = PlaneState(
          firstSeenSeconds: sceneTime,
          centerShift: SIMD2(
            shift * Float(2 * planeRandom.nextUnitDouble() - 1),
            shift * Float(2 * planeRandom.nextUnitDouble() - 1)),
          tiltAxisLocal: SIMD3(
            Float(planeRandom.nextGaussian()), 0, Float(planeRandom.nextGaussian())
          ).normalized()
            ?? SIMD3(1, 0, 0),
          tiltDegrees: planeRandom.nextGaussian() * model.poseNoiseDegrees,
          normalOffsetMeters: Float(planeRandom.nextGaussian() * model.poseNoiseMeters),
          carriedErrorMeters: spec.tracking.hasCorrections
            ? trackingTimeline.error(at: sceneTime) : .zero)
      }
      let state = planeStates[index]
      guard let seen = state.firstSeenSeconds, sceneTime >= seen + model.detectionDelaySeconds,
        let truth = surface.planeAnchor(), case .rectangle(let width, let height) = surface.shape
      else { continue }
      let age = sceneTime - seen - model.detectionDelaySeconds
      let f = Float(model.extentFraction(ageSeconds: age))
      let remaining = 1 - f
      let error = RigidTransform(
        rotation: Quaternion(
          angle: .degrees(state.tiltDegrees * Double(remaining)), axis: state.tiltAxisLocal),
        translation: SIMD3(0, state.normalOffsetMeters * remaining, 0))
      // The true regions covered: the whole rectangle, or its two halves along local x before a
      // merge (surface-local centre x and width).
      let split = model.mergeAfterSeconds.map { age < $0 } ?? false
      let regions: [(suffix: String, centerX: Float, width: Float)] =
        split
        ? [("-a", -width / 4, width / 2), ("-b", width / 4, width / 2)]
        : [(model.mergeAfterSeconds == nil ? "" : "-a", 0, width)]
      for region in regions {
        let halfWidth = f * region.width / 2
        let halfHeight = f * height / 2
        let limit = SIMD2(remaining * region.width / 2, remaining * height / 2)
        // `+ 0` turns a clamped -0.0 into +0.0, so no "-0.0" reaches the file.
        let center = SIMD3(
          region.centerX + min(max(state.centerShift.x, -limit.x), limit.x) + 0, 0,
          min(max(state.centerShift.y, -limit.y), limit.y) + 0)
        let corners: [SIMD3<Float>] = [
          center + SIMD3(-halfWidth, 0, -halfHeight), center + SIMD3(halfWidth, 0, -halfHeight),
          center + SIMD3(halfWidth, 0, halfHeight), center + SIMD3(-halfWidth, 0, halfHeight),
        ]
        guard let boundary = try? PlaneBoundary(vertices: corners),
          let extent = try? PlaneExtent(width: 2 * halfWidth, height: 2 * halfHeight),
          let anchor = try? PlaneAnchor(
            identifier: "plane-\(surface.identifier)\(region.suffix)"
              + (planeGeneration > 0 ? "-\(planeGeneration + 1)" : ""),
            transform: Self.shifted(surface.worldFromSurface * error, by: state.carriedErrorMeters)
              .matrix,
            center: center, extent: extent, boundary: boundary, alignment: truth.alignment,
            classification: truth.classification)
        else { continue }
        anchors.append(RecordingPlane(anchor))
      }
    }
    return anchors
  }

  /// Whether a world point projects inside the camera's image (in front of it).
  static func isInImage(_ worldPoint: SIMD3<Float>, _ camera: Camera) -> Bool {
    guard let pixel = camera.projectToImagePixels(worldPoint) else { return false }
    return pixel.x >= 0 && pixel.y >= 0 && pixel.x < camera.imageResolution.width
      && pixel.y < camera.imageResolution.height
  }

  /// The frame's feature points (see ``FeaturePointModelSpec``), or `nil` when there are none.
  mutating func featurePoints(camera: Camera, frameIndex: Int) -> RecordingFeaturePoints? {
    let model = spec.featurePoints
    guard model.maximumPerFrame > 0 else { return nil }
    var points: [SIMD3<Float>] = []
    var identifiers: [UInt64] = []
    if let cloud = recordedCloud {
      var visible: [Int] = []
      for (index, point) in cloud.points.enumerated() where Self.isInImage(point, camera) {
        visible.append(index)
      }
      let start = Int(pointRandom.nextUnitDouble() * Double(max(visible.count, 1)))
      let step = max(1, visible.count / model.maximumPerFrame)
      var k = 0
      while k < visible.count, points.count < model.maximumPerFrame {
        let index = visible[(start + k) % visible.count]
        points.append(cloud.points[index])
        identifiers.append(cloud.identifiers[index])
        k += step
      }
    } else {
      for surface in surfaces {
        let area = surface.planarBoundary?.area ?? 0
        let count = Int(max(0, (Double(area) * model.pointsPerSquareMeter).rounded(.down)))
        let drawn = surface.samplePoints(
          count: count, noiseMeters: Float(model.noiseMeters), using: &pointRandom)
        for point in drawn
        where points.count < model.maximumPerFrame && Self.isInImage(point, camera) {
          points.append(point)
          identifiers.append(UInt64(frameIndex) * 10_000 + UInt64(points.count - 1))
        }
      }
    }
    guard !points.isEmpty else { return nil }
    return RecordingFeaturePoints(
      points: points.map {
        SIMD3(Self.rounded($0.x, 1e4), Self.rounded($0.y, 1e4), Self.rounded($0.z, 1e4))
      },
      identifiers: identifiers)
  }

  /// `value` rounded to a multiple of `1 / scale` (keeps files small; 0.1 mm for points).
  static func rounded(_ value: Float, _ scale: Double) -> Double {
    (Double(value) * scale).rounded() / scale
  }
}
