import ARSimulation
import Foundation
import Placement
import SceneFormat
import SceneReplay
import SpatialMath

extension DetectorRateExperiment {
  /// A box an app has on a frame: its label and where it is in the stored image (normalized,
  /// top-left origin).
  struct HeldBox {
    var label: String
    var imageRect: Rect
    var confidence: Float
  }

  /// Scores `strategy` on a recording synthesized from ``spec(motion:rateHz:latencyFrames:durationSeconds:)``
  /// (see the type's documentation); `seed` drives the flow noise.
  public static func evaluate(
    _ recording: Recording, motion: Motion, rateHz: Double?, strategy: Strategy, seed: UInt64 = 1
  ) throws -> Row {
    let header = recording.header
    let detectorRequest = try header.requestSettings(for: .coreMLModel)
    let trackRequest = try header.requestSettings(for: .trackObject)
    let viewport = try header.viewport!.simulatedViewport()
    let truth = (header.truth?.objects ?? []).map {
      (id: $0.id, label: $0.label, position: SIMD3<Float>($0.position))
    }
    let threshold = TrackingMetrics.halfNeighbourSpacingMeters(truth.map(\.position)) ?? 0.05
    let frames = recording.frames
    let cameras = try frames.map { try $0.simulatedCamera() }
    let worlds = try frames.map { try $0.frameWorld() }
    var frameOfTimestamp: [Double: Int] = [:]
    for (index, frame) in frames.enumerated() { frameOfTimestamp[frame.timestamp] = index }
    let resolution = cameras[0].imageResolution
    let detectorGeometry = try VisionGeometry(
      settings: detectorRequest, imageResolution: resolution)
    let trackGeometry = try VisionGeometry(
      settings: trackRequest, imageResolution: resolution, requestType: .trackObject)
    let flow = OpticalFlowSimulator(
      surfaces: try recordingSurfaces(motion: motion), noise: flowNoise)
    var random = SplitMix64(seed: seed)
    let pipeline = PlacementPipeline()
    var markerTracker = try MarkerTracker(filterPrototype: AnyPositionFilter.trackingDefault)
    var evaluator = MultiObjectTrackingEvaluator(thresholdMeters: threshold)
    var boxErrors: [Double] = []
    var markerErrors: [Double] = []
    var matched = 0
    var inView = 0
    var results = 0
    // Per truth object and frame: the matched box centre (pixels) and the projected truth.
    var boxTrack = [[Point?]](
      repeating: [Point?](repeating: nil, count: frames.count), count: truth.count)
    var truthTrack = boxTrack
    var boxes: [HeldBox] = []
    var markers: [TrackedMarker] = []

    func place(_ box: HeldBox, frame index: Int) -> MarkerMeasurement? {
      Self.measurement(
        of: box,
        view: ViewportFrame(camera: cameras[index], viewport: viewport, world: worlds[index]),
        geometry: detectorGeometry, request: detectorRequest, pipeline: pipeline)
    }
    func pixels(_ rect: Rect) -> Rect { rect.scaled(x: resolution.width, y: resolution.height) }
    func normalized(_ rect: Rect) -> Rect {
      rect.scaled(x: 1 / resolution.width, y: 1 / resolution.height)
    }
    func carry(_ box: HeldBox, from a: Int, to b: Int) -> HeldBox? {
      var rect = pixels(box.imageRect)
      for k in a..<b {
        guard
          let moved = OpticalFlowBoxCarrier.carry(
            rect, from: cameras[k], to: cameras[k + 1], flow: flow, using: &random)
        else { return nil }
        rect = moved
      }
      var carried = box
      carried.imageRect = normalized(rect)
      return carried
    }

    for index in frames.indices {
      let frame = frames[index]
      var measurements: [MarkerMeasurement]?
      let delivered = frame.hasDetectorResult(detectorDeclared: header.detector != nil)
      let imageIndex = frameOfTimestamp[frame.detectorImageTimestamp] ?? index
      let resultBoxes = frame.detections.map {
        HeldBox(
          label: $0.label,
          imageRect: detectorGeometry.imageNormalizedRect(forVisionRect: $0.boundingBox),
          confidence: Float($0.confidence))
      }
      if delivered { results += 1 }
      switch strategy {
      case .hold, .holdCurrentCamera:
        if delivered {
          boxes = resultBoxes
          let placeOn = strategy == .hold ? imageIndex : index
          measurements = boxes.compactMap { place($0, frame: placeOn) }
        }
      case .tracker:
        boxes = (frame.trackedObjects ?? []).map {
          HeldBox(
            label: $0.label ?? "",
            imageRect: trackGeometry.imageNormalizedRect(forVisionRect: $0.boundingBox),
            confidence: Float($0.confidence))
        }
        measurements = boxes.compactMap { place($0, frame: index) }
      case .opticalFlow:
        if delivered {
          boxes = resultBoxes.compactMap { carry($0, from: imageIndex, to: index) }
        } else if index > 0 {
          boxes = boxes.compactMap { carry($0, from: index - 1, to: index) }
        }
        measurements = boxes.compactMap { place($0, frame: index) }
      }

      // 2D: boxes against the buttons' projections in this frame.
      let camera = cameras[index]
      var visible: [Int] = []
      for (t, object) in truth.enumerated() {
        guard let pixel = camera.projectToImagePixels(object.position),
          pixel.x >= 0, pixel.x < resolution.width, pixel.y >= 0, pixel.y < resolution.height
        else { continue }
        truthTrack[t][index] = pixel
        visible.append(t)
      }
      inView += visible.count
      var taken = Set<Int>()
      for box in boxes {
        let centre = pixels(box.imageRect).center
        let candidates = visible.filter { truth[$0].label == box.label && !taken.contains($0) }
        guard
          let nearest = candidates.min(by: {
            truthTrack[$0][index]!.distance(to: centre)
              < truthTrack[$1][index]!.distance(to: centre)
          }), truthTrack[nearest][index]!.distance(to: centre) <= 80
        else { continue }
        taken.insert(nearest)
        boxErrors.append(truthTrack[nearest][index]!.distance(to: centre))
        boxTrack[nearest][index] = centre
        matched += 1
      }

      // 3D: markers. The tracker takes detector frames only (holding strategies update it when a
      // result arrives, at the result's image time when placed with that image's camera).
      if let measurements {
        let time = strategy == .hold ? frames[imageIndex].timestamp : frame.timestamp
        markers = markerTracker.update(measurements: measurements, timestampSeconds: time)
      }
      let shown = markers.filter {
        guard $0.state.isShown else { return false }
        if case .visible = ViewportProjection(
          worldPoint: $0.position, camera: camera, viewport: viewport)
        {
          return true
        }
        return false
      }
      let present = truth.filter {
        if case .visible = ViewportProjection(
          worldPoint: $0.position, camera: camera, viewport: viewport)
        {
          return true
        }
        return false
      }
      evaluator.addFrame(
        truth: present.map { ($0.id, $0.position) }, hypotheses: shown.map { ($0.id, $0.position) })
      for marker in shown {
        let distances = truth.filter { $0.label == marker.label }.map {
          $0.position.distance(to: marker.position)
        }
        if let d = distances.min(), d <= threshold { markerErrors.append(Double(d) * 1000) }
      }
    }

    let score = evaluator.result
    return Row(
      motion: motion, rateHz: rateHz, latencyFrames: recording.header.detector?.latencyFrames ?? 0,
      strategy: strategy, detectorResults: results,
      boxErrorMedianPixels: percentile(boxErrors, 0.5),
      boxErrorP95Pixels: percentile(boxErrors, 0.95),
      boxCoverage: inView > 0 ? Double(matched) / Double(inView) : nil,
      lagMilliseconds: lagFrames(boxTrack, truthTrack).map { Double($0) * 1000 / 60 },
      markerErrorMedianMillimeters: percentile(markerErrors, 0.5), mota: score.mota,
      idSwitches: score.idSwitchCount)
  }

  /// The world point of a box's centre in `view` (the detector request's geometry), as a tracker
  /// measurement, or `nil` when no raycast hits.
  static func measurement(
    of box: HeldBox, view: ViewportFrame, geometry: VisionGeometry, request: VisionRequestSettings,
    pipeline: PlacementPipeline
  ) -> MarkerMeasurement? {
    let vision = geometry.visionPoint(forImageNormalizedPoint: box.imageRect.center)
    let placed = pipeline.place(
      visionPoint: vision, requestType: .coreMLModel, request: request, in: view)
    guard let position = placed.hit?.worldPosition else { return nil }
    return MarkerMeasurement(label: box.label, position: position, confidence: box.confidence)
  }

  /// The truth surfaces of the experiment's scene (the dashboard).
  static func recordingSurfaces(motion: Motion) throws -> [TruthSurface] {
    try spec(motion: motion, rateHz: nil, latencyFrames: 0).surfaces.map(\.surface)
  }

  /// The delay in frames (0...15) that best aligns box centres with earlier projections: the
  /// argmin over `τ` of the median `|box[f] - truth[f - τ]|` (ties to the smaller `τ`); `nil`
  /// without pairs.
  static func lagFrames(_ boxes: [[Point?]], _ truth: [[Point?]]) -> Int? {
    var best: (lag: Int, error: Double)?
    for lag in 0...15 {
      var errors: [Double] = []
      for (objectBoxes, objectTruth) in zip(boxes, truth) {
        for f in objectBoxes.indices where f >= lag {
          if let box = objectBoxes[f], let earlier = objectTruth[f - lag] {
            errors.append(box.distance(to: earlier))
          }
        }
      }
      guard let median = percentile(errors, 0.5) else { continue }
      if best.map({ median < $0.error }) ?? true { best = (lag, median) }
    }
    return best?.lag
  }

  /// The `p`-quantile (nearest rank) of `values`, or `nil` when empty.
  static func percentile(_ values: [Double], _ p: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let rank = min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))
    return sorted[rank]
  }
}
