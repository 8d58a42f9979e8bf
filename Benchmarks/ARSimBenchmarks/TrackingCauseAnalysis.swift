import ARSimulation
import Placement
import SceneFormat
import SceneReplay
import SpatialMath

/// Explains a replay's outlier measurements and identity losses by cause, against a frame-aligned
/// reference recording synthesized from the same spec and seed with a perfect tracker and a
/// noise-free detector (same poses, planes, points, misses and labels; see
/// `TrackingSceneCatalog.reference`).
///
/// Per placed detection three world points are computed with the replay's placement settings:
/// `m` (recorded camera, the tracker's input), `mT` (the same box through the true camera) and
/// `mC` (the noise-free box through the true camera). Its source object is the truth object of
/// any label nearest to `mC` within the match threshold. An outlier measurement (rejected by the
/// filter, kept as re-anchoring evidence, or a duplicate) of object `O` against marker `M` (prior
/// position `P`) has the residual `m - P = τ + ν + β + μ`:
/// - `τ = m - mT`: the recorded camera's error (noise, drift, jumps) — "trackingError";
/// - `ν = mT - mC`: box noise carried along the ray at this depth and angle — "rayNoise" (a gate
///   too tight for the ray's error);
/// - `β = (mC - O) - b̄`: how far this viewpoint's systematic placement error (the box centre's ray
///   meets the surface, not the button's top face) departs from the mean `b̄` over the
///   measurements `M` accepted — "viewpointBias" (the error that rolls as the camera moves);
/// - `μ = P - (O + b̄)`: the marker itself off (after a re-anchoring, or lag) — "markerDisplaced".
/// The cause is the largest of the four by length (ties in that order); before them,
/// "falseDetection" (no source object) and "labelConfusion" (a label other than `O`'s).
///
/// An identity loss is an ID switch as `MultiObjectTrackingEvaluator` counts it (object `O` matched
/// to marker `N` after marker `M`). If `M` was removed: "lifetimeExpiredOutOfView" when `O` was
/// outside the detector's view (its centre not inside the part of the image the model sees, or
/// behind the camera) in most frames of `M`'s final coast; else the most frequent cause among
/// `O`'s outliers against `M` during that coast ("expiredInView.<cause>"), or
/// "expiredInView.notMeasured" (missed, not placed, tracking lost). If `M` is alive:
/// "aliveReanchoredAway" (re-anchored since its last match and now beyond the threshold),
/// "aliveDrifted" (beyond the threshold otherwise), "aliveOffScreen" or "aliveTakenByOther".
struct TrackingCauseAnalysis {
  enum OutlierCause: String, CaseIterable {
    case falseDetection, labelConfusion, trackingError, rayNoise, viewpointBias, markerDisplaced
  }

  struct Result {
    var frames = 0
    var measurements = 0
    var outliers: [String: Int] = [:]
    var identityLosses: [String: Int] = [:]
    var spawnsWhileObjectHadMarker: [String: Int] = [:]
    var firstSightingSpawns = 0
    var rayNoiseMillimeters: [Double] = []
    /// Distances of matched marker-object pairs in view, mm (CLEAR-MOT's MOTP terms).
    var matchedErrorMillimeters: [Double] = []
    var viewpointBiasChangeMillimeters: [Double] = []
    var trackingErrorMillimeters: [Double] = []
    var speedMetersPerSecond: [Double] = []
    var outlierSpeeds: [Double] = []
    var recordedPoseJumps = 0
    var trackerStatistics = MarkerTrackerStatistics()
  }

  struct ObjectRecord {
    /// The marker matched to the object last (in any frame), and last while it counted (in view).
    var lastMatchedMarker: Int?
    var lastCountedMarker: Int?
    var lastMatchFrame = -1
    /// Per frame: inside the detector's view of the true camera.
    var inView: [Bool] = []
    /// (frame, marker, cause) of this object's outliers.
    var outliers: [(frame: Int, marker: Int, cause: OutlierCause)] = []
  }

  struct MarkerRecord {
    var biasSum = SIMD3<Double>.zero
    var biasCount = 0
    var lastHitFrame = 0
    var reanchorFrames: [Int] = []
    var removed: (frame: Int, reason: MarkerRemoval.Reason)?
    var position = SIMD3<Float>.zero
    var isShown = false

    var meanBias: SIMD3<Double>? { biasCount > 0 ? biasSum / Double(biasCount) : nil }
  }

  let recording: Recording
  let reference: Recording?
  let settings: ReplaySettings
  /// Print every expired marker with its object's detector visibility over the last 90 frames
  /// (stdout; `TRACKING_SCENES_TRACE`).
  var trace = false

  /// Replays `recording` with `settings` and attributes every outlier and identity loss.
  func run() throws -> Result {
    let header = recording.header
    let request = try settings.interpretVisionAs ?? header.vision!.requestSettings()
    let headerViewport = try header.viewport?.simulatedViewport()
    let truth = (header.truth?.objects ?? []).map {
      (id: $0.id, label: $0.label, position: narrow($0.position))
    }
    let threshold =
      settings.matchThresholdMeters
      ?? TrackingMetrics.halfNeighbourSpacingMeters(truth.map(\.position)) ?? 0.05
    var tracker = try MarkerTracker(
      configuration: settings.tracker, filterPrototype: settings.filter)
    let pipeline = PlacementPipeline(settings: settings.placement)
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: threshold)
    var result = Result()
    var objects = [ObjectRecord](repeating: ObjectRecord(), count: truth.count)
    var markers: [Int: MarkerRecord] = [:]
    var previousTrueCamera: Camera?
    var previousStep: Float?
    var previousCamera: Camera?
    var steps: [Float] = []

    for (frameIndex, frame) in recording.frames.enumerated() {
      let camera = try frame.simulatedCamera()
      let world = try frame.frameWorld()
      var viewport = headerViewport!
      if let recorded = frame.viewport { viewport = try recorded.simulatedViewport() }
      if let orientation = frame.interfaceOrientation {
        viewport =
          (try? Viewport(size: viewport.size, interfaceOrientation: orientation)) ?? viewport
      }
      let referenceFrame = reference.map { $0.frames[frameIndex] }
      let trueCamera = try referenceFrame?.simulatedCamera() ?? camera
      let geometry = try VisionGeometry(settings: request, imageResolution: camera.imageResolution)
      let seen = geometry.modelVisibleImageNormalizedRect

      // Camera motion (true camera) and jumps of the recorded one.
      if let previousTrueCamera {
        let dt = frame.timestamp - recording.frames[frameIndex - 1].timestamp
        if dt > 0 {
          result.speedMetersPerSecond.append(
            Double(trueCamera.positionInWorld.distance(to: previousTrueCamera.positionInWorld)) / dt
          )
        }
      }
      if let previousCamera {
        let step = camera.positionInWorld.distance(to: previousCamera.positionInWorld)
        steps.append(step)
        previousStep = step
      }
      _ = previousStep
      previousTrueCamera = trueCamera
      previousCamera = camera
      let speed = result.speedMetersPerSecond.last ?? 0

      for (index, object) in truth.enumerated() {
        var inView = false
        if let pixel = trueCamera.projectToImagePixels(object.position) {
          let p = Point(
            x: pixel.x / trueCamera.imageResolution.width,
            y: pixel.y / trueCamera.imageResolution.height)
          inView = seen.contains(p)
        }
        objects[index].inView.append(inView)
      }

      let detections = frame.detections.map(Detection.init(recording:))
      let placements = pipeline.place(
        detections, request: request,
        in: ViewportFrame(camera: camera, viewport: viewport, world: world))
      let truePlacements = pipeline.place(
        detections, request: request,
        in: ViewportFrame(camera: trueCamera, viewport: viewport, world: world))
      let clean = cleanCounterparts(frame.detections, in: referenceFrame?.detections ?? [])
      let cleanPlacements = pipeline.place(
        clean.map { $0.map(Detection.init(recording:)) ?? detections[0] }, request: request,
        in: ViewportFrame(camera: trueCamera, viewport: viewport, world: world))

      var measurementDetection: [Int] = []
      var input: [MarkerMeasurement] = []
      for (k, placement) in placements.enumerated() {
        guard let m = placement.measurement else { continue }
        input.append(m)
        measurementDetection.append(k)
      }
      let prior = Dictionary(
        uniqueKeysWithValues: tracker.markers.map { ($0.id, $0) })
      tracker.update(
        measurements: input, timestampSeconds: frame.timestamp,
        view: settings.trackerUsesDetectorView
          ? DetectorView(camera: camera, detectedImageNormalizedRect: seen) : nil)
      let log = tracker.lastFrameLog
      result.measurements += input.count

      for (j, outcome) in log.measurements.enumerated() {
        let k = measurementDetection[j]
        let m = input[j].position
        let mT = truePlacements[k].worldPosition ?? m
        let mC = (clean[k] != nil ? cleanPlacements[k].worldPosition : nil) ?? mT
        let source = nearestTruth(to: mC, truth.map(\.position), within: threshold)
        let bias = source.map { widen(mC - truth[$0].position) }
        if let source, detections[k].label == truth[source].label {
          result.rayNoiseMillimeters.append(Double(mT.distance(to: mC)) * 1000)
          result.trackingErrorMillimeters.append(Double(m.distance(to: mT)) * 1000)
        }
        func classify(against id: Int, priorPosition: SIMD3<Float>) -> OutlierCause {
          guard let source, let bias else { return .falseDetection }
          guard detections[k].label == truth[source].label else { return .labelConfusion }
          let meanBias = markers[id]?.meanBias ?? bias
          let tau = widen(m - mT)
          let nu = widen(mT - mC)
          let beta = bias - meanBias
          let mu = widen(priorPosition - truth[source].position) - meanBias
          result.viewpointBiasChangeMillimeters.append(length(beta) * 1000)
          let parts: [(OutlierCause, Double)] = [
            (.trackingError, length(tau)), (.rayNoise, length(nu)), (.viewpointBias, length(beta)),
            (.markerDisplaced, length(mu)),
          ]
          var best = parts[0]
          for part in parts.dropFirst() where part.1 > best.1 { best = part }
          return best.0
        }
        switch outcome {
        case .accepted(let id):
          if let bias, let source, detections[k].label == truth[source].label {
            markers[id, default: MarkerRecord()].biasSum += bias
            markers[id, default: MarkerRecord()].biasCount += 1
          }
          markers[id, default: MarkerRecord()].lastHitFrame = frameIndex
        case .rejectedByFilter(let id), .evidence(let id), .duplicate(let id):
          let priorPosition = prior[id]?.position ?? m
          let cause = classify(against: id, priorPosition: priorPosition)
          result.outliers[cause.rawValue, default: 0] += 1
          result.outlierSpeeds.append(speed)
          if let source { objects[source].outliers.append((frameIndex, id, cause)) }
        case .spawned(let id):
          var record = MarkerRecord()
          if let bias, let source, detections[k].label == truth[source].label {
            record.biasSum = bias
            record.biasCount = 1
          }
          record.lastHitFrame = frameIndex
          markers[id] = record
          guard let source else { continue }
          if let owner = objects[source].lastMatchedMarker, let ownerPrior = prior[owner],
            ownerPrior.state.isShown
          {
            let cause = classify(against: owner, priorPosition: ownerPrior.position)
            result.spawnsWhileObjectHadMarker[cause.rawValue, default: 0] += 1
          } else if objects[source].lastMatchedMarker == nil {
            result.firstSightingSpawns += 1
          } else {
            result.spawnsWhileObjectHadMarker["previousMarkerGone", default: 0] += 1
          }
        case .ignoredLowConfidence, .ignoredNonFinite:
          break
        }
      }
      for id in log.reanchoredMarkerIDs {
        markers[id, default: MarkerRecord()].reanchorFrames.append(frameIndex)
      }
      for removal in log.removals {
        markers[removal.markerID, default: MarkerRecord()].removed = (frameIndex, removal.reason)
        if trace, removal.reason == .expired, let p = prior[removal.markerID] {
          let o = nearestTruth(to: p.position, truth.map(\.position), within: threshold)
          let recent = (max(0, frameIndex - 90)...frameIndex).map { f in
            o.map { objects[$0].inView[f] ? "v" : "." } ?? "?"
          }.joined()
          print(
            "frame \(frameIndex) t=\(frame.timestamp) removed \(removal.markerID) \(p.label) truth \(o.map { truth[$0].id } ?? "-") inView(last 90): \(recent)"
          )
        }
      }
      let current = tracker.markers
      for marker in current {
        markers[marker.id, default: MarkerRecord()].position = marker.position
        markers[marker.id, default: MarkerRecord()].isShown = marker.state.isShown
      }

      // Identity: the evaluator's matches, as the replay's metrics feed it (every object and
      // shown marker takes part; objects in view and markers drawn in view count). An identity
      // loss is a counted object matched to another marker than at its last counted match.
      let visible = truth.map { object -> Bool in
        if case .visible = ViewportProjection(
          worldPoint: object.position, camera: camera, viewport: viewport)
        {
          return true
        }
        return false
      }
      let shown = current.filter(\.state.isShown)
      let inView = shown.map { marker -> Bool in
        if case .visible = ViewportProjection(
          worldPoint: marker.position, camera: camera, viewport: viewport)
        {
          return true
        }
        return false
      }
      let matches = evaluator.addFrame(
        truth: truth.map { ($0.id, $0.position) }, hypotheses: shown.map { ($0.id, $0.position) },
        countedTruth: visible, countedHypotheses: inView)
      let visibleIDs = Set(zip(shown, inView).filter(\.1).map(\.0.id))
      for (index, match) in matches.enumerated() {
        guard let matched = match.hypothesisID else { continue }
        objects[index].lastMatchedMarker = matched
        guard visible[index] else { continue }
        if let distance = match.distanceMeters {
          result.matchedErrorMillimeters.append(Double(distance) * 1000)
        }
        if let old = objects[index].lastCountedMarker, old != matched {
          let cause = identityCause(
            object: index, oldMarker: old, frame: frameIndex, objects: objects,
            markers: markers, truth: truth[index].position, threshold: threshold,
            visibleIDs: visibleIDs)
          result.identityLosses[cause, default: 0] += 1
        }
        objects[index].lastCountedMarker = matched
        objects[index].lastMatchFrame = frameIndex
      }
      result.frames += 1
    }
    let sortedSteps = steps.sorted()
    if !sortedSteps.isEmpty {
      let median = sortedSteps[sortedSteps.count / 2]
      result.recordedPoseJumps = steps.filter { $0 > 4 * median && $0 > 0.01 }.count
    }
    result.trackerStatistics = tracker.statistics
    return result
  }

  func identityCause(
    object: Int, oldMarker: Int, frame: Int, objects: [ObjectRecord],
    markers: [Int: MarkerRecord], truth: SIMD3<Float>, threshold: Float, visibleIDs: Set<Int>
  ) -> String {
    let record = markers[oldMarker] ?? MarkerRecord()
    if let removed = record.removed {
      let window = record.lastHitFrame...max(record.lastHitFrame, removed.frame)
      let inView = window.filter { objects[object].inView[$0] }.count
      if 2 * inView < window.count { return "lifetimeExpiredOutOfView" }
      var counts: [OutlierCause: Int] = [:]
      for entry in objects[object].outliers
      where entry.marker == oldMarker && window.contains(entry.frame) {
        counts[entry.cause, default: 0] += 1
      }
      var best: (OutlierCause, Int)?
      for cause in OutlierCause.allCases {
        if let n = counts[cause], n > (best?.1 ?? 0) { best = (cause, n) }
      }
      return "expiredInView.\(best?.0.rawValue ?? "notMeasured")"
    }
    let lastMatch = objects[object].lastMatchFrame
    if record.position.distance(to: truth) > threshold {
      return record.reanchorFrames.contains { $0 > lastMatch }
        ? "aliveReanchoredAway" : "aliveDrifted"
    }
    return visibleIDs.contains(oldMarker) ? "aliveTakenByOther" : "aliveOffScreen"
  }

  /// For each detection, the reference frame's detection with its label and the nearest box
  /// centre (Vision coordinates, within 0.1), or `nil`.
  func cleanCounterparts(_ detections: [RecordingDetection], in reference: [RecordingDetection])
    -> [RecordingDetection?]
  {
    detections.map { detection in
      var best: (RecordingDetection, Double)?
      for candidate in reference where candidate.label == detection.label {
        let d = candidate.boundingBox.center.distance(to: detection.boundingBox.center)
        if d <= 0.1, best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
      }
      return best?.0
    }
  }

  func nearestTruth(to point: SIMD3<Float>, _ positions: [SIMD3<Float>], within threshold: Float)
    -> Int?
  {
    var best: (Int, Float)?
    for (index, p) in positions.enumerated() {
      let d = p.distance(to: point)
      if d <= threshold, best.map({ d < $0.1 }) ?? true { best = (index, d) }
    }
    return best?.0
  }

  func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
}

/// `v` in `Double`.
func widen(_ v: SIMD3<Float>) -> SIMD3<Double> { SIMD3(Double(v.x), Double(v.y), Double(v.z)) }

/// `v` in `Float` (rounded to nearest).
func narrow(_ v: SIMD3<Double>) -> SIMD3<Float> { SIMD3(Float(v.x), Float(v.y), Float(v.z)) }
