import SessionSimulation

/// Placement code written the way an app might, independently of the catalogue's
/// `PlacementSteps`: each function takes a different route through the public API
/// (`VisionBoxTrace`, `ViewportFrame`, the display transform by hand), and ``UserSmoother``
/// smooths with its own simple rule instead of `MarkerTracker`. The diagnosis must recognise
/// the catalogue's mistakes in this code.
enum UserPlacers {
  /// The world point of one observation in a frame (with the frame before, for latency), or
  /// `nil`.
  typealias Place = @Sendable (Detection, SimulatedFrame, SimulatedFrame?) -> SIMD3<Float>?
  /// The labelled world points of one frame (state of its own between frames).
  typealias FramePoints = (SimulatedFrame) -> [(label: String, position: SIMD3<Float>)]
  /// Makes a fresh ``FramePoints`` (one per run).
  typealias Make = @Sendable () -> FramePoints

  /// Places each of the frame's observations with `place`.
  static func eachObservation(_ place: @escaping Place) -> Make {
    {
      var previous: SimulatedFrame?
      return { frame in
        let points = frame.observations.compactMap { observation in
          place(observation, frame, previous).map { (observation.label, $0) }
        }
        previous = frame
        return points
      }
    }
  }

  static func trace(
    _ box: Rect, _ frame: SimulatedFrame, request: VisionRequestSettings? = nil
  ) -> VisionBoxTrace? {
    guard let settings = request ?? frame.visionRequest else { return nil }
    return try? VisionBoxTrace(
      visionBox: box, request: settings, imageResolution: frame.camera.imageResolution,
      viewport: frame.viewport)
  }

  /// Geometry first, then an estimated plane, through a viewport-normalized point.
  static func hit(
    _ viewportNormalized: Point, _ frame: ViewportFrame,
    first: RaycastQuery.Target = .existingPlaneGeometry
  ) -> SIMD3<Float>? {
    for target in [first, .estimatedPlane] {
      if let hit = frame.raycast(from: viewportNormalized, allowing: target, alignment: .any)
        .first
      {
        return hit.worldPosition
      }
    }
    return nil
  }

  static func settings(
    _ frame: SimulatedFrame, orientation: ImageOrientation? = nil,
    crop: ImageCropAndScaleOption? = nil, wholeImage: Bool = false
  ) -> VisionRequestSettings? {
    guard let r = frame.visionRequest else { return nil }
    return try? VisionRequestSettings(
      orientation: orientation ?? r.orientation, cropAndScale: crop ?? r.cropAndScale,
      modelInputSize: r.modelInputSize, regionOfInterest: wholeImage ? .unit : r.regionOfInterest)
  }

  static let correct: Place = { d, f, _ in
    trace(d.boundingBox, f).flatMap { hit($0.center.viewportNormalized, f.viewportFrame) }
  }

  /// By mistake identifier: the per-observation ones here, the Vision ones (whole frames) in
  /// `UserPlacers+Vision.swift`.
  static let mistakes: [String: Make] = observationMistakes.mapValues(eachObservation)
    .merging(visionMistakes) { first, _ in first }
    .merging([
      "world-fixed-markers": eachObservation(correct),
      // Placing and showing on every frame never looks at the tracking state.
      "shown-before-relocalization": eachObservation(correct),
    ]) { first, _ in first }
    .merging(depthMistakes.mapValues(eachObservation)) { first, _ in first }

  /// The mistakes whose code keeps its markers (``UserSmoother`` without expiry): markers kept
  /// as world positions show only in markers that outlive the view.
  static let keepsMarkers: Set<String> = ["world-fixed-markers"]

  static let observationMistakes: [String: Place] = [
    "crop-ignored": { d, f, _ in
      trace(d.boundingBox, f, request: settings(f, crop: .scaleFill))
        .flatMap { hit($0.center.viewportNormalized, f.viewportFrame) }
    },
    "orientation-up": { d, f, _ in
      trace(d.boundingBox, f, request: settings(f, orientation: .up))
        .flatMap { hit($0.center.viewportNormalized, f.viewportFrame) }
    },
    "vision-y-not-flipped": { d, f, _ in
      let b = d.boundingBox
      let flipped = Rect(x: b.minX, y: 1 - b.minY - b.height, width: b.width, height: b.height)
      return trace(flipped, f).flatMap { hit($0.center.viewportNormalized, f.viewportFrame) }
    },
    "display-transform-skipped": { d, f, _ in
      trace(d.boundingBox, f).flatMap { hit($0.center.imageNormalized, f.viewportFrame) }
    },
    "wrong-interface-orientation": { d, f, _ in
      guard let t = trace(d.boundingBox, f),
        let display = try? AffineTransform2D.displayTransform(
          imageResolution: f.camera.imageResolution,
          orientation: f.viewport.interfaceOrientation.isPortrait ? .landscapeRight : .portrait,
          viewportSize: f.viewport.size)
      else { return nil }
      return hit(t.center.imageNormalized.applying(display), f.viewportFrame)
    },
    "viewport-points-as-normalized": { d, f, _ in
      trace(d.boundingBox, f).flatMap { hit($0.center.viewportPoints, f.viewportFrame) }
    },
    "viewport-size-is-image-size": { d, f, _ in
      guard let t = trace(d.boundingBox, f) else { return nil }
      let display = f.camera.displayTransform(
        for: f.viewport.interfaceOrientation, viewportSize: f.camera.imageResolution)
      return hit(t.center.imageNormalized.applying(display), f.viewportFrame)
    },
    "box-origin": { d, f, _ in
      let corner = Rect(origin: d.boundingBox.origin, size: Size(width: 0, height: 0))
      return trace(corner, f).flatMap { hit($0.center.viewportNormalized, f.viewportFrame) }
    },
    "mirroring-ignored": { d, f, _ in
      let unmirrored: [ImageOrientation: ImageOrientation] = [
        .upMirrored: .up, .downMirrored: .down, .leftMirrored: .left, .rightMirrored: .right,
      ]
      guard let o = f.visionRequest?.orientation else { return nil }
      return trace(d.boundingBox, f, request: settings(f, orientation: unmirrored[o] ?? o))
        .flatMap { hit($0.center.viewportNormalized, f.viewportFrame) }
    },
    "region-of-interest-ignored": { d, f, _ in
      trace(d.boundingBox, f, request: settings(f, wholeImage: true))
        .flatMap { hit($0.center.viewportNormalized, f.viewportFrame) }
    },
    "camera-one-frame-late": { d, f, previous in
      guard let t = trace(d.boundingBox, f) else { return nil }
      let late = ViewportFrame(
        camera: (previous ?? f).camera, viewport: (previous ?? f).viewport, world: f.world)
      return hit(t.center.viewportNormalized, late)
    },
    "infinite-plane": { d, f, _ in
      trace(d.boundingBox, f).flatMap {
        hit($0.center.viewportNormalized, f.viewportFrame, first: .existingPlaneInfinite)
      }
    },
  ]

  /// Runs `make`'s placement on every frame and smooths with ``UserSmoother`` (its markers
  /// kept for good when `keepingMarkers`).
  static func markers(_ make: Make, keepingMarkers: Bool = false)
    -> (SimulatedFrame) -> [PlacedMarker]
  {
    var smoother = UserSmoother(expirySeconds: keepingMarkers ? nil : 0.5)
    let points = make()
    return { frame in smoother.update(points(frame), at: frame.timestamp) }
  }
}

/// A simple smoother an app might write: per label, the nearest track within 5 cm takes the
/// point (exponential average, weight 0.3); a track shows from its second point and goes after
/// half a second without one (``expirySeconds``; never when `nil`). Ids are strings.
struct UserSmoother {
  struct Track {
    var id: String
    var label: String
    var position: SIMD3<Float>
    var hits: Int
    var lastSeconds: Double
  }

  var tracks: [Track] = []
  var created = 0
  var expirySeconds: Double? = 0.5

  mutating func update(
    _ points: [(label: String, position: SIMD3<Float>)], at seconds: Double
  ) -> [PlacedMarker] {
    for (label, point) in points {
      let nearest = tracks.indices.filter {
        tracks[$0].label == label && tracks[$0].position.distance(to: point) < 0.05
      }.min { tracks[$0].position.distance(to: point) < tracks[$1].position.distance(to: point) }
      if let index = nearest {
        tracks[index].position += 0.3 * (point - tracks[index].position)
        tracks[index].hits += 1
        tracks[index].lastSeconds = seconds
      } else {
        created += 1
        tracks.append(
          Track(
            id: "\(label)#\(created)", label: label, position: point, hits: 1, lastSeconds: seconds)
        )
      }
    }
    if let expirySeconds { tracks.removeAll { seconds - $0.lastSeconds > expirySeconds } }
    return tracks.map {
      PlacedMarker(
        id: .text($0.id), label: $0.label, position: $0.position,
        state: $0.hits >= 2 ? .confirmed : .tentative)
    }
  }
}

/// ``UserSmoother`` keeping its markers, attached to anchors as an app attaches them: a shown
/// track gets an anchor at its position, moves by as much as its anchor moved, and gets a new
/// anchor once the points have carried it 1 cm from the old one.
struct UserAnchoredSmoother {
  var smoother = UserSmoother(expirySeconds: nil)
  var anchors: [String: (identifier: String, position: SIMD3<Float>)] = [:]
  var created = 0

  mutating func update(
    _ points: [(label: String, position: SIMD3<Float>)], in frame: SimulatedFrame,
    requests: inout AppAnchorRequests
  ) -> [PlacedMarker] {
    var now: [String: SIMD3<Float>] = [:]
    for anchor in frame.appAnchors { now[anchor.identifier] = anchor.worldPosition }
    for i in smoother.tracks.indices {
      let id = smoother.tracks[i].id
      guard let anchor = anchors[id], let position = now[anchor.identifier] else { continue }
      smoother.tracks[i].position += position - anchor.position
      anchors[id]?.position = position
    }
    let markers = smoother.update(points, at: frame.timestamp)
    for track in smoother.tracks where track.hits >= 2 {
      if let anchor = anchors[track.id] {
        guard anchor.position.distance(to: track.position) > 0.01 else { continue }
        requests.remove(identifier: anchor.identifier)
      }
      created += 1
      let identifier = "user-anchor-\(created)"
      guard
        let anchor = try? AppAnchor(
          identifier: identifier,
          transform: Matrix4x4(rotation: .identity, translation: track.position))
      else { continue }
      requests.add(anchor: anchor)
      anchors[track.id] = (identifier, track.position)
    }
    return markers
  }
}
