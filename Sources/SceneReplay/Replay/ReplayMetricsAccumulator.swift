import ARSimulation
import Placement
import SceneFormat
import SpatialMath

/// Streams frames into `ReplayMetrics` and `ReplayMarkerSummary`s in memory proportional to the
/// number of markers and truth objects, not frames. Iteration order never depends on hashing:
/// markers arrive in id order, truth objects in recording order, summaries are sorted by id.
struct ReplayMetricsAccumulator {
  struct TruthObject {
    let id: String
    let label: String
    let position: SIMD3<Float>
  }

  struct MarkerLog {
    var summary: ReplayMarkerSummary
    var lastShownFrame: Int?
    var lastShownPosition = SIMD3<Float>.zero
    var squaredMotionSum = 0.0
    var motionCount = 0
  }

  let truth: [TruthObject]
  let thresholdMeters: Float
  /// The replay's placement settings: an object is placeable when a ray to it hits with them.
  let placement: PlacementSettings
  /// CLEAR-MOT over the objects in view, and over the placeable ones.
  var visibleEvaluator: MultiObjectTrackingEvaluator
  var placeableEvaluator: MultiObjectTrackingEvaluator
  var firstConfirmed: [Double?]
  /// Per truth object: the time of the first frame it was placeable, and the time from then to
  /// its first confirmed marker.
  var firstPlaceable: [Double?]
  var placeableToConfirmed: [Double?]
  var startSeconds: Double?
  var reprojectionSquaredSum = 0.0
  var reprojectionCount = 0
  var logs: [Int: MarkerLog] = [:]
  var pooledSquaredMotion = 0.0
  var pooledMotionCount = 0
  var lastMarkers: [TrackedMarker] = []

  init(
    truth: RecordingTruth?, thresholdMeters threshold: Float?,
    placement: PlacementSettings = PlacementSettings()
  ) {
    self.placement = placement
    self.truth = (truth?.objects ?? []).map {
      TruthObject(id: $0.id, label: $0.label, position: SIMD3<Float>($0.position))
    }
    thresholdMeters =
      threshold ?? TrackingMetrics.halfNeighbourSpacingMeters(self.truth.map(\.position))
      ?? 0.05
    visibleEvaluator = MultiObjectTrackingEvaluator(thresholdMeters: self.thresholdMeters)
    placeableEvaluator = visibleEvaluator
    firstConfirmed = Array(repeating: nil, count: self.truth.count)
    firstPlaceable = Array(repeating: nil, count: self.truth.count)
    placeableToConfirmed = Array(repeating: nil, count: self.truth.count)
  }

  /// Whether the object at `position` is placeable in a frame: a ray from the camera through it
  /// hits a surface with the replay's placement attempts (its surface is a known anchor there, or
  /// can be estimated from the frame's feature points).
  func isPlaceable(_ position: SIMD3<Float>, camera: Camera, world: FrameWorld) -> Bool {
    guard
      let ray = Ray(
        origin: camera.positionInWorld, direction: position - camera.positionInWorld)
    else { return false }
    let raycaster = Raycaster(options: placement.raycastOptions)
    for attempt in placement.attempts {
      let query = RaycastQuery(ray: ray, allowing: attempt.target, alignment: attempt.alignment)
      if !raycaster.raycast(query, in: world).isEmpty { return true }
    }
    return false
  }

  /// The nearest truth object with `label` to `position`: index and distance (metres).
  func nearestTruth(label: String, to position: SIMD3<Float>) -> (index: Int, distance: Float)? {
    var best: (index: Int, distance: Float)?
    for (i, object) in truth.enumerated() where object.label == label {
      let d = object.position.distance(to: position)
      if best.map({ d < $0.distance }) ?? true { best = (i, d) }
    }
    return best
  }

  mutating func add(
    frameIndex: Int, timestampSeconds t: Double, markers: [TrackedMarker], camera: Camera,
    viewport: Viewport, world: FrameWorld = FrameWorld()
  ) {
    if startSeconds == nil { startSeconds = t }
    lastMarkers = markers
    for m in markers {
      var log =
        logs[m.id]
        ?? MarkerLog(
          summary: ReplayMarkerSummary(
            id: m.id, label: m.label, lastState: m.state, isPresentAtEnd: true,
            lastPosition: m.position, firstSeenSeconds: t, lastSeenSeconds: t, shownFrameCount: 0))
      log.summary.lastState = m.state
      log.summary.lastPosition = m.position
      log.summary.lastSeenSeconds = t
      if m.state.isShown {
        log.summary.shownFrameCount += 1
        if log.lastShownFrame == frameIndex - 1 {
          let squared = Double((m.position - log.lastShownPosition).lengthSquared) * 1e6
          log.squaredMotionSum += squared
          log.motionCount += 1
          pooledSquaredMotion += squared
          pooledMotionCount += 1
        }
        log.lastShownFrame = frameIndex
        log.lastShownPosition = m.position
      }
      logs[m.id] = log
    }
    guard !truth.isEmpty else { return }

    var visible: [Bool] = []
    var placeable: [Bool] = []
    for (index, object) in truth.enumerated() {
      var isVisible = false
      if case .visible = ViewportProjection(
        worldPoint: object.position, camera: camera, viewport: viewport)
      {
        isVisible = true
      }
      let canPlace = isVisible && isPlaceable(object.position, camera: camera, world: world)
      visible.append(isVisible)
      placeable.append(canPlace)
      if canPlace, firstPlaceable[index] == nil { firstPlaceable[index] = t }
    }
    let shown = markers.filter(\.state.isShown)
    // Truth and markers are compared under the same rule: only what the viewport shows this frame
    // counts. Everything takes part in the matching, so a marker kept for a button that is
    // off-screen is neither a hit nor a false marker, and a marker just off the edge of the view
    // for a button just inside it (or the other way round) is a match, not a miss and a false
    // marker.
    let inView = shown.map {
      if case .visible = ViewportProjection(
        worldPoint: $0.position, camera: camera, viewport: viewport)
      {
        return true
      }
      return false
    }
    let allTruth = truth.map { (id: $0.id, position: $0.position) }
    let hypotheses = shown.map { (id: $0.id, position: $0.position) }
    visibleEvaluator.addFrame(
      truth: allTruth, hypotheses: hypotheses, countedTruth: visible, countedHypotheses: inView)
    placeableEvaluator.addFrame(
      truth: allTruth, hypotheses: hypotheses, countedTruth: placeable, countedHypotheses: inView)
    let inViewIDs = Set(zip(shown, inView).filter(\.1).map(\.0.id))
    for m in shown {
      guard let (index, distance) = nearestTruth(label: m.label, to: m.position),
        distance <= thresholdMeters
      else { continue }
      if firstConfirmed[index] == nil { firstConfirmed[index] = t - (startSeconds ?? t) }
      if let placeableSince = firstPlaceable[index], placeableToConfirmed[index] == nil {
        placeableToConfirmed[index] = t - placeableSince
      }
      // Reprojection is measured where the marker is drawn: inside the viewport.
      guard inViewIDs.contains(m.id) else { continue }
      if let error = TrackingMetrics.reprojectionErrorPixels(
        projected: camera.projectToImagePixels(m.position),
        truth: camera.projectToImagePixels(truth[index].position))
      {
        reprojectionSquaredSum += error * error
        reprojectionCount += 1
      }
    }
  }

  /// The per-marker summaries (id order) and, with truth, the metrics.
  func finish() -> (markers: [ReplayMarkerSummary], metrics: ReplayMetrics?) {
    let presentIDs = Set(lastMarkers.map(\.id))
    var summaries: [ReplayMarkerSummary] = []
    for id in logs.keys.sorted() {
      let log = logs[id]!
      var s = log.summary
      s.isPresentAtEnd = presentIDs.contains(id)
      if log.motionCount > 0 {
        s.jitterRMSMillimeters = (log.squaredMotionSum / Double(log.motionCount)).squareRoot()
      }
      if let (index, distance) = nearestTruth(label: s.label, to: s.lastPosition) {
        s.truthID = truth[index].id
        s.placementErrorMillimeters = Double(distance) * 1000
      }
      summaries.append(s)
    }
    guard !truth.isEmpty else { return (summaries, nil) }
    var errors: [Double] = []
    var falseMarkers = 0
    for m in lastMarkers where m.state.isShown {
      if let (_, distance) = nearestTruth(label: m.label, to: m.position),
        distance <= thresholdMeters
      {
        errors.append(Double(distance) * 1000)
      } else {
        falseMarkers += 1
      }
    }
    let metrics = ReplayMetrics(
      matchThresholdMeters: thresholdMeters, tracking: visibleEvaluator.countedResult,
      trackingPlaceable: placeableEvaluator.countedResult,
      placementErrorRMSMillimeters: TrackingMetrics.rootMeanSquare(errors),
      placementErrorMaxMillimeters: errors.max(),
      jitterRMSMillimeters: pooledMotionCount > 0
        ? (pooledSquaredMotion / Double(pooledMotionCount)).squareRoot() : nil,
      reprojectionErrorRMSPixels: reprojectionCount > 0
        ? (reprojectionSquaredSum / Double(reprojectionCount)).squareRoot() : nil,
      timeToFirstConfirmed: zip(truth, firstConfirmed).map {
        ReplayMetrics.FirstConfirmation(id: $0.id, seconds: $1)
      }.sorted { $0.id < $1.id },
      missedObjectCount: firstConfirmed.filter { $0 == nil }.count,
      falseMarkerCount: falseMarkers,
      timeFromPlaceableToConfirmed: truth.indices.map {
        ReplayMetrics.PlaceableConfirmation(
          id: truth[$0].id, placeableSeconds: firstPlaceable[$0].map { $0 - (startSeconds ?? 0) },
          secondsToConfirmed: placeableToConfirmed[$0])
      }.sorted { $0.id < $1.id })
    return (summaries, metrics)
  }
}
