import ARSimulation
import Placement
import SceneFormat
import SpatialMath

/// Streams frames of shown markers into `ReplayMetrics`, per-marker logs and per-object scores in
/// memory proportional to the number of markers and truth objects, not frames. Marker ids are
/// ``MarkerID``s (the package's tracker's integers are `.number`). Iteration order never depends
/// on hashing: markers arrive in the placer's order, truth objects in recording order, logs are
/// sorted by id. Not generic, so that replay's hot loop runs specialized code.
package struct ReplayMetricsAccumulator: Sendable {
  /// One marker in one frame.
  package struct Marker: Sendable {
    package var id: MarkerID
    package var label: String
    package var position: SIMD3<Float>
    package var state: MarkerState

    package init(id: MarkerID, label: String, position: SIMD3<Float>, state: MarkerState) {
      self.id = id
      self.label = label
      self.position = position
      self.state = state
    }
  }

  /// One marker over the frames so far.
  package struct MarkerLog: Sendable {
    package var id: MarkerID
    package var label: String
    package var lastState: MarkerState
    package var lastPosition: SIMD3<Float>
    package var firstSeenSeconds: Double
    package var lastSeenSeconds: Double
    package var shownFrameCount = 0
    package var isPresentAtEnd = true
    var lastShownFrame: Int?
    var lastShownPosition = SIMD3<Float>.zero
    var squaredMotionSum = 0.0
    var motionCount = 0

    /// RMS frame-to-frame motion while shown, mm, or `nil` with fewer than two adjacent shown
    /// frames.
    package var jitterRMSMillimeters: Double? {
      motionCount > 0 ? (squaredMotionSum / Double(motionCount)).squareRoot() : nil
    }
  }

  /// One truth object over the frames so far.
  package struct ObjectLog: Sendable {
    package var visibleFrameCount = 0
    package var matchedFrameCount = 0
    var squaredErrorSum = 0.0

    /// RMS distance to the marker matched to it (CLEAR-MOT matching), mm, or `nil` when never
    /// matched.
    package var errorRMSMillimeters: Double? {
      matchedFrameCount > 0
        ? (squaredErrorSum / Double(matchedFrameCount)).squareRoot() * 1000 : nil
    }
  }

  let truth: [ReplayTruthObject]
  package let thresholdMeters: Float
  /// The placement settings: an object is placeable when a ray to it hits with their attempts.
  let placement: PlacementSettings
  /// CLEAR-MOT over the objects in view, and over the placeable ones.
  var visibleEvaluator: MultiObjectTrackingEvaluator
  var placeableEvaluator: MultiObjectTrackingEvaluator
  /// The truth objects as the evaluators know them (their ids interned once).
  let evaluatorTruth: [(key: Int, position: SIMD3<Float>)]
  /// The truth labels' keys for the evaluators (in order of first appearance), and each truth
  /// object's: a marker whose label no object has gets -1 and matches nothing.
  let labelKeys: [String: Int]
  let evaluatorTruthLabels: [Int]
  var firstConfirmed: [Double?]
  /// Per truth object: the time of the first frame it was placeable, and the time from then to
  /// its first confirmed marker.
  var firstPlaceable: [Double?]
  var placeableToConfirmed: [Double?]
  package private(set) var objectLogs: [ObjectLog]
  var startSeconds: Double?
  var reprojectionSquaredSum = 0.0
  var reprojectionCount = 0
  var logs: [MarkerID: MarkerLog] = [:]
  /// Dense evaluator ids in order of first appearance (the evaluator's results depend on id
  /// equality only).
  var evaluatorIDs: [MarkerID: Int] = [:]
  var pooledSquaredMotion = 0.0
  var pooledMotionCount = 0
  var asPlacedSquaredSum = 0.0
  var asPlacedCount = 0
  var lastMarkers: [Marker] = []
  /// The interruptions in time order, from the truth's events: when the app went away, when
  /// its frames resumed and the camera began to relocalize, when relocalization succeeded or
  /// tracking was reset (infinity when neither happened), and the offset of the reported
  /// position while relocalizing (world metres).
  let interruptions:
    [(start: Double, resumed: Double, relocalizingEnd: Double, offsetMeters: SIMD3<Float>)]
  /// The figures per phase of the interruptions (empty without interruptions).
  var phaseScores = InterruptionPhaseScores()
  /// The interruption whose after-relocalization phase is being scored, and per truth object
  /// the first frame of that phase in which it was in view and the seconds from then to its
  /// first matching marker.
  var restoringAfter: Int?
  var restoreSince: [Double?] = []
  var restoreSeconds: [Double?] = []
  /// Frames added.
  package private(set) var frameCount = 0

  package init(
    truth: RecordingTruth?, thresholdMeters threshold: Float?,
    placement: PlacementSettings = PlacementSettings()
  ) {
    self.truth = (truth?.objects ?? []).map {
      ReplayTruthObject(id: $0.id, label: $0.label, position: SIMD3<Float>($0.position))
    }
    thresholdMeters =
      threshold ?? TrackingMetrics.halfNeighbourSpacingMeters(self.truth.map(\.position))
      ?? 0.05
    self.placement = placement
    interruptions = (truth?.events ?? []).compactMap { event in
      event.relocalizingInterval.map {
        (event.timestamp, $0.start, $0.end, SIMD3<Float>($0.offsetMeters))
      }
    }.sorted { $0.start < $1.start }
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: self.thresholdMeters)
    evaluatorTruth = self.truth.map { (evaluator.intern($0.id), $0.position) }
    var labelKeys: [String: Int] = [:]
    for object in self.truth where labelKeys[object.label] == nil {
      labelKeys[object.label] = labelKeys.count
    }
    self.labelKeys = labelKeys
    evaluatorTruthLabels = self.truth.map { labelKeys[$0.label]! }
    visibleEvaluator = evaluator
    placeableEvaluator = evaluator
    firstConfirmed = Array(repeating: nil, count: self.truth.count)
    firstPlaceable = Array(repeating: nil, count: self.truth.count)
    placeableToConfirmed = Array(repeating: nil, count: self.truth.count)
    objectLogs = Array(repeating: ObjectLog(), count: self.truth.count)
  }

  /// Whether a ray from the camera through `position` hits a surface with the placement attempts
  /// (the object's surface is a known anchor there, or can be estimated from the frame's feature
  /// points). An object is placeable in a frame when it is in view and this holds or a detection
  /// with its label was placed within the match threshold of it (the ray to an object's top can
  /// miss the edge of an anchor that the ray to its middle meets).
  func isPlaceable(_ position: SIMD3<Float>, camera: Camera, world: FrameWorld) -> Bool {
    guard
      let ray = try? Ray(
        origin: camera.positionInWorld, direction: position - camera.positionInWorld)
    else { return false }
    let raycaster = Raycaster(options: placement.raycastOptions)
    for attempt in placement.attempts {
      let query = RaycastQuery(ray: ray, allowing: attempt.target, alignment: attempt.alignment)
      if !raycaster.raycast(query, in: world).isEmpty { return true }
    }
    return false
  }

  /// The truth objects' ids and labels, in recording order.
  package var truthObjects: [(id: String, label: String)] { truth.map { ($0.id, $0.label) } }

  /// The nearest truth object with `label` to `position`: index and distance (metres).
  func nearestTruth(label: String, to position: SIMD3<Float>) -> (index: Int, distance: Float)? {
    var best: (index: Int, distance: Float)?
    for (i, object) in truth.enumerated() where object.label == label {
      let d = object.position.distance(to: position)
      if best.map({ d < $0.distance }) ?? true { best = (i, d) }
    }
    return best
  }

  /// Which truth objects a frame shows and which of those are placeable (see
  /// ``isPlaceable(_:camera:world:)``), in recording order: what ``add(frameIndex:timestampSeconds:markers:camera:viewport:world:placed:truthInView:)``
  /// needs of a frame besides its markers. It depends on the frame alone, so it can be worked
  /// out ahead, on another thread.
  package struct TruthInView: Sendable {
    /// Per truth object: whether it projects into the viewport.
    package var visible: [Bool]
    /// Per truth object: whether it is visible and placeable.
    package var placeable: [Bool]
  }

  /// The frame's ``TruthInView``: seen with `camera` in `viewport`, with the frame's planes and
  /// feature points (`world`) and the points its detections were placed at (`placed`).
  package func truthInView(
    camera: Camera, viewport: Viewport, world: FrameWorld,
    placed: [(label: String, position: SIMD3<Float>)]
  ) -> TruthInView {
    var result = TruthInView(visible: [], placeable: [])
    result.visible.reserveCapacity(truth.count)
    result.placeable.reserveCapacity(truth.count)
    for object in truth {
      var isVisible = false
      if case .visible = ViewportProjection(
        worldPoint: object.position, camera: camera, viewport: viewport)
      {
        isVisible = true
      }
      var wasPlaced = false
      for point in placed where point.label == object.label {
        if point.position.distance(to: object.position) <= thresholdMeters { wasPlaced = true }
      }
      result.visible.append(isVisible)
      result.placeable.append(
        isVisible && (wasPlaced || isPlaceable(object.position, camera: camera, world: world)))
    }
    return result
  }

  /// Adds one frame's markers (every state; only shown ones are scored), seen with `camera` in
  /// `viewport`. While the camera relocalizes after an interruption (a `trackingInterrupted`
  /// truth event), the reported pose is off by the event's offset, so a marker is drawn that far
  /// from its world position: the frame is scored where the user sees it, with the camera and
  /// every marker moved back by the offset, and no truth object counts as placeable (a correct
  /// app shows nothing until the session has relocalized). The remaining parameters: `camera` in
  /// `viewport`, with the frame's planes and feature points (`world`) and the points the frame's
  /// detections were placed at (`placed`: label and world position), both for placeability.
  /// `truthInView`, when given, must be ``truthInView(camera:viewport:world:placed:)`` of the
  /// same frame (worked out ahead); `nil` works it out here. Marker ids must be unique within
  /// the frame.
  package mutating func add(
    frameIndex: Int, timestampSeconds t: Double, markers: [Marker], camera: Camera,
    viewport: Viewport, world: FrameWorld, placed: [(label: String, position: SIMD3<Float>)] = [],
    truthInView: TruthInView? = nil
  ) {
    if let offset = interruptions.first(where: { t >= $0.resumed && t < $0.relocalizingEnd })?
      .offsetMeters,
      let seenCamera = try? Camera(
        transform: Matrix4x4(translation: -offset) * camera.transform,
        intrinsics: camera.intrinsics, imageResolution: camera.imageResolution,
        distortion: camera.distortion, nearDistanceMeters: camera.nearDistanceMeters,
        trackingState: camera.trackingState)
    {
      var seenMarkers = markers
      for i in seenMarkers.indices { seenMarkers[i].position -= offset }
      // Nothing is placeable while relocalizing: a correct app shows no markers then.
      var seen = self.truthInView(
        camera: seenCamera, viewport: viewport, world: world,
        placed: placed.map { ($0.label, $0.position - offset) })
      seen.placeable = Array(repeating: false, count: seen.placeable.count)
      scoreFrame(
        frameIndex: frameIndex, timestampSeconds: t, markers: seenMarkers, camera: seenCamera,
        viewport: viewport, world: world, placed: [], truthInView: seen)
      return
    }
    scoreFrame(
      frameIndex: frameIndex, timestampSeconds: t, markers: markers, camera: camera,
      viewport: viewport, world: world, placed: placed, truthInView: truthInView)
  }

  private mutating func scoreFrame(
    frameIndex: Int, timestampSeconds t: Double, markers: [Marker], camera: Camera,
    viewport: Viewport, world: FrameWorld, placed: [(label: String, position: SIMD3<Float>)],
    truthInView: TruthInView?
  ) {
    if startSeconds == nil { startSeconds = t }
    frameCount += 1
    lastMarkers = markers
    for m in markers {
      var log =
        logs[m.id]
        ?? MarkerLog(
          id: m.id, label: m.label, lastState: m.state, lastPosition: m.position,
          firstSeenSeconds: t, lastSeenSeconds: t)
      log.lastState = m.state
      log.lastPosition = m.position
      log.lastSeenSeconds = t
      if m.state.isShown {
        log.shownFrameCount += 1
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

    let inViewOfTruth =
      truthInView
      ?? self.truthInView(camera: camera, viewport: viewport, world: world, placed: placed)
    let visible = inViewOfTruth.visible
    let placeable = inViewOfTruth.placeable
    for index in truth.indices {
      if visible[index] { objectLogs[index].visibleFrameCount += 1 }
      if placeable[index], firstPlaceable[index] == nil { firstPlaceable[index] = t }
    }
    let shown = markers.filter(\.state.isShown)
    // Truth and markers are compared under the same rule: only what the viewport shows this frame
    // counts. Everything takes part in the matching (a marker with an object of its label only), so a marker kept for a button that is
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
    let hypotheses = shown.map { marker -> (id: Int, position: SIMD3<Float>) in
      let next = evaluatorIDs.count
      let id = evaluatorIDs[marker.id] ?? next
      if id == next { evaluatorIDs[marker.id] = id }
      return (id, marker.position)
    }
    // A marker matches only an object of its label: in the right place with another label it
    // is a miss of the object and a false marker.
    let labels = (truth: evaluatorTruthLabels, hypotheses: shown.map { labelKeys[$0.label] ?? -1 })
    let phase = interruptions.isEmpty ? nil : self.phase(at: t)
    let countsBefore = phase == nil ? nil : visibleEvaluator.countedCountsSoFar
    let matches = visibleEvaluator.addFrame(
      internedTruth: evaluatorTruth, hypotheses: hypotheses, labels: labels, countedTruth: visible,
      countedHypotheses: inView)
    if let phase, let countsBefore {
      scorePhase(
        phase, timestampSeconds: t, countsBefore: countsBefore, matches: matches,
        visible: visible)
    }
    placeableEvaluator.addFrame(
      internedTruth: evaluatorTruth, hypotheses: hypotheses, labels: labels,
      countedTruth: placeable, countedHypotheses: inView)
    // An object is marked in a frame when it is in view and the matching gave it a marker: the
    // per-object counts, its first marker, misses and the time from placeable all follow this
    // one rule, so they cannot contradict each other.
    for (index, match) in matches.enumerated() where visible[index] {
      guard let distance = match.distanceMeters.map(Double.init) else { continue }
      objectLogs[index].matchedFrameCount += 1
      objectLogs[index].squaredErrorSum += distance * distance
      if firstConfirmed[index] == nil { firstConfirmed[index] = t - (startSeconds ?? t) }
      if let placeableSince = firstPlaceable[index], placeableToConfirmed[index] == nil {
        placeableToConfirmed[index] = t - placeableSince
      }
    }
    for (m, isInView) in zip(shown, inView) {
      guard let (index, distance) = nearestTruth(label: m.label, to: m.position) else { continue }
      asPlacedSquaredSum += Double(distance) * Double(distance)
      asPlacedCount += 1
      guard distance <= thresholdMeters else { continue }
      // Reprojection is measured where the marker is drawn: inside the viewport.
      // (Marker ids are unique within the frame, so this is the marker's own flag.)
      guard isInView else { continue }
      if let error = TrackingMetrics.reprojectionErrorPixels(
        projected: camera.projectToImagePixels(m.position),
        truth: camera.projectToImagePixels(truth[index].position))
      {
        reprojectionSquaredSum += error * error
        reprojectionCount += 1
      }
    }
  }

  /// The phase of the interruptions a frame at `t` falls in and, after a relocalization, the
  /// index of the interruption it follows.
  func phase(at t: Double) -> (phase: InterruptionPhaseScores.Phase, after: Int?) {
    guard let first = interruptions.first, t >= first.start else {
      return (.beforeInterruption, nil)
    }
    var after: Int?
    for (index, interruption) in interruptions.enumerated() {
      if t < interruption.relocalizingEnd, t >= interruption.start { return (.relocalizing, nil) }
      if t >= interruption.relocalizingEnd { after = index }
    }
    return after.map { (.afterRelocalization, $0) } ?? (.relocalizing, nil)
  }

  /// Adds a frame's counts (the visible evaluator's counts now less `countsBefore`) and matched
  /// errors to its phase and, after a relocalization, the objects' times to their markers.
  mutating func scorePhase(
    _ phase: (phase: InterruptionPhaseScores.Phase, after: Int?), timestampSeconds t: Double,
    countsBefore: MultiObjectTrackingScore, matches: [MultiObjectTrackingEvaluator.InternedMatch],
    visible: [Bool]
  ) {
    let now = visibleEvaluator.countedCountsSoFar
    var score = phaseScores[phase.phase]
    score.frameCount += 1
    score.truthCount += now.truthCount - countsBefore.truthCount
    score.matchCount += now.matchCount - countsBefore.matchCount
    score.missCount += now.missCount - countsBefore.missCount
    score.falsePositiveCount += now.falsePositiveCount - countsBefore.falsePositiveCount
    score.idSwitchCount += now.idSwitchCount - countsBefore.idSwitchCount
    for (index, match) in matches.enumerated() where visible[index] {
      guard let distance = match.distanceMeters.map(Double.init) else { continue }
      score.squaredErrorSum += distance * distance
    }
    phaseScores[phase.phase] = score
    guard let after = phase.after else { return }
    if restoringAfter != after {
      phaseScores.restorations += pendingRestorations
      restoringAfter = after
      restoreSince = Array(repeating: nil, count: truth.count)
      restoreSeconds = Array(repeating: nil, count: truth.count)
    }
    for (index, match) in matches.enumerated() where visible[index] {
      let since = restoreSince[index] ?? t
      restoreSince[index] = since
      if restoreSeconds[index] == nil, match.distanceMeters != nil {
        restoreSeconds[index] = t - since
      }
    }
  }

  /// The restorations of the after-relocalization phase being scored, in recording order.
  var pendingRestorations: [InterruptionPhaseScores.Restoration] {
    guard let after = restoringAfter else { return [] }
    return truth.indices.compactMap { index in
      guard restoreSince[index] != nil else { return nil }
      return InterruptionPhaseScores.Restoration(
        id: truth[index].id,
        relocalizedTimestampSeconds: interruptions[after].relocalizingEnd,
        secondsToRestored: restoreSeconds[index])
    }
  }

  /// RMS distance (mm) of every shown marker in every frame to the nearest truth object with its
  /// label, however far: where markers land, matched or not; `nil` without such markers.
  package var asPlacedErrorRMSMillimeters: Double? {
    asPlacedCount > 0 ? (asPlacedSquaredSum / Double(asPlacedCount)).squareRoot() * 1000 : nil
  }

  /// Seconds from the first frame to the first frame in which each truth object (recording
  /// order) was in view and matched by a shown marker, `nil` when never.
  package var firstConfirmedSeconds: [Double?] { firstConfirmed }

  /// The marker logs (id order) with `isPresentAtEnd` set, and, with truth, the metrics.
  package func finish() -> (markers: [MarkerLog], metrics: ReplayMetrics?) {
    let presentIDs = Set(lastMarkers.map(\.id))
    var summaries: [MarkerLog] = []
    for id in logs.keys.sorted() {
      var log = logs[id]!
      log.isPresentAtEnd = presentIDs.contains(id)
      summaries.append(log)
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
    var metrics = ReplayMetrics(
      matchThresholdMeters: thresholdMeters, tracking: visibleEvaluator.countedResult,
      trackingPlaceable: placeableEvaluator.countedResult,
      placementErrorRMSMillimeters: TrackingMetrics.rootMeanSquare(errors),
      placementErrorMaxMillimeters: errors.max(),
      jitterRMSMillimeters: pooledMotionCount > 0
        ? (pooledSquaredMotion / Double(pooledMotionCount)).squareRoot() : nil,
      reprojectionErrorRMSPixels: reprojectionCount > 0
        ? (reprojectionSquaredSum / Double(reprojectionCount)).squareRoot() : nil,
      timeToFirstConfirmed: truth.indices.map {
        ReplayMetrics.FirstConfirmation(
          id: truth[$0].id, seconds: firstConfirmed[$0],
          wasInView: objectLogs[$0].visibleFrameCount > 0)
      }.sorted { $0.id < $1.id },
      missedObjectCount: truth.indices.filter {
        objectLogs[$0].visibleFrameCount > 0 && objectLogs[$0].matchedFrameCount == 0
      }.count,
      neverInViewObjectCount: objectLogs.filter { $0.visibleFrameCount == 0 }.count,
      falseMarkerCount: falseMarkers,
      timeFromPlaceableToConfirmed: truth.indices.map {
        ReplayMetrics.PlaceableConfirmation(
          id: truth[$0].id, placeableSeconds: firstPlaceable[$0].map { $0 - (startSeconds ?? 0) },
          secondsToConfirmed: placeableToConfirmed[$0])
      }.sorted { $0.id < $1.id })
    if !interruptions.isEmpty {
      var phases = phaseScores
      phases.restorations += pendingRestorations
      metrics.interruptionPhases = phases
    }
    return (summaries, metrics)
  }

  /// The nearest truth object of `label` to `position`: id and distance (metres), or `nil`.
  package func nearestTruthObject(label: String, to position: SIMD3<Float>) -> (
    id: String, distanceMeters: Float
  )? {
    nearestTruth(label: label, to: position).map { (truth[$0.index].id, $0.distance) }
  }
}

/// One truth object as the accumulator scores it. Outside the generic accumulator so that its
/// arrays are concrete types: a type nested in a generic one is generic too, and the replay loop,
/// which calls the accumulator from another module, would look up its metadata on every use.
struct ReplayTruthObject: Sendable {
  let id: String
  let label: String
  let position: SIMD3<Float>
}
