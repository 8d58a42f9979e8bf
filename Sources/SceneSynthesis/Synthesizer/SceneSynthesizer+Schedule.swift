import ARSimulation
import Placement
import SceneFormat
import SpatialMath

/// A detector result waiting for the frame it arrives on.
struct PendingDetectorResult: Sendable {
  let deliveryIndex: Int
  let imageIndex: Int
  let imageTimestamp: Double
  let observations: [RecordingDetection]
  let candidates: [RecordingDetectionCandidate]?
}

/// One object tracker the synthetic app runs between detector results.
struct SynthesizedTrack: Sendable {
  let id: String
  let label: String
  var tracker: SimulatedObjectTracker
}

/// The synthesizer's state for the Vision outputs beyond per-frame detections: one random
/// stream per concern (so adding one does not reshuffle the others), the detector schedule, the
/// trackers and the geometries of the requests without a model.
struct VisionSynthesisState: Sendable {
  var candidateRandom: SplitMix64
  var trackerSeeds: SplitMix64
  var handRandom: SplitMix64
  var contourRandom: SplitMix64
  /// `floor(t · rateHz)` at the last run, or `nil` before the first.
  var lastRunStep: Int?
  var pending: [PendingDetectorResult] = []
  /// The true cameras of the last frames not lost (index, camera), oldest first.
  var recentCameras: [(index: Int, camera: Camera)] = []
  var tracks: [SynthesizedTrack] = []
  var nextTrackNumber = 1
  /// `floor(t · rateHz)` at the last hand-pose and contour requests.
  var lastHandStep: Int?
  var lastContourStep: Int?
  let trackGeometry: VisionGeometry?
  let handGeometry: VisionGeometry?
  let contourGeometry: VisionGeometry?

  init(seed: UInt64, header: RecordingHeader, imageResolution: Size) {
    candidateRandom = SceneSynthesizer.stream(seed, salt: 0xCA4D_1DA7)
    trackerSeeds = SceneSynthesizer.stream(seed, salt: 0x7_4AC4)
    handRandom = SceneSynthesizer.stream(seed, salt: 0x4A4D)
    contourRandom = SceneSynthesizer.stream(seed, salt: 0xC0_4707)
    func geometry(_ type: VisionRequestType) -> VisionGeometry? {
      guard let settings = try? header.requestSettings(for: type) else { return nil }
      return try? VisionGeometry(
        settings: settings, imageResolution: imageResolution, requestType: type)
    }
    trackGeometry = geometry(.trackObject)
    handGeometry = geometry(.humanHandPose)
    contourGeometry = geometry(.contours)
  }
}

extension SceneSynthesizer {
  /// The recording header's detector settings for a scheduled detector, else `nil`.
  static func detectorSettings(_ model: DetectorModelSpec) -> RecordingDetectorSettings? {
    guard model.isScheduled else { return nil }
    let nms = model.candidates.map { _ in
      RecordingDetectorSettings.NMS(
        iouThreshold: model.nms.iouThreshold, confidenceThreshold: model.nms.confidenceThreshold,
        scope: model.nms.scope, maximumDetections: model.nms.maximumDetections)
    }
    return RecordingDetectorSettings(
      rateHz: model.rateHz, latencyFrames: model.latencyFrames, nms: nms)
  }

  /// Whether a request running at `rateHz` (every frame when `nil`) runs at scene time `t`: on
  /// the first call and whenever `floor(t · rateHz)` passes `last`, which it then updates.
  static func isDue(_ t: Double, rateHz: Double?, last: inout Int?) -> Bool {
    guard let rateHz else { return true }
    let step = Int((t * rateHz + 1e-9).rounded(.down))
    if let previous = last, step <= previous { return false }
    last = step
    return true
  }

  /// Notes a frame on which tracking is lost: results due on it are dropped; the detector does
  /// not run on it.
  mutating func scheduledDetectorLost(index: Int) {
    vision.pending.removeAll { $0.deliveryIndex <= index }
  }

  /// The detector, its schedule and the trackers on a frame whose tracking is not lost (see
  /// ``DetectorModelSpec``): runs the detector when due, delivers the results due on this frame,
  /// steps and reseeds the trackers.
  mutating func scheduledDetector(
    frame: inout RecordingFrame, index: Int, sceneTime: Double, trueCamera: Camera,
    geometry: VisionGeometry
  ) {
    let model = spec.detector
    vision.recentCameras.append((index, trueCamera))
    if vision.recentCameras.count > model.latencyFrames + 1 {
      vision.recentCameras.removeFirst(vision.recentCameras.count - model.latencyFrames - 1)
    }
    if Self.isDue(sceneTime, rateHz: model.rateHz, last: &vision.lastRunStep) {
      let (candidates, observations) = candidatesAndObservations(
        camera: trueCamera, geometry: geometry)
      vision.pending.append(
        PendingDetectorResult(
          deliveryIndex: index + model.latencyFrames, imageIndex: index,
          imageTimestamp: frame.timestamp, observations: observations,
          candidates: model.candidates == nil ? nil : candidates))
    }
    let motion = OpticalFlowSimulator(surfaces: surfaces)
    if model.tracker != nil { stepTracks(to: trueCamera, motion: motion) }
    guard let result = vision.pending.first(where: { $0.deliveryIndex == index }) else {
      vision.pending.removeAll { $0.deliveryIndex < index }
      if model.tracker != nil { frame.trackedObjects = trackedObjects() }
      return
    }
    vision.pending.removeAll { $0.deliveryIndex <= index }
    frame.detectionsImageTimestamp = result.imageTimestamp
    if model.output != .candidates { frame.detections = result.observations }
    if model.output != .observations { frame.detectionCandidates = result.candidates ?? [] }
    if let trackerModel = model.tracker {
      reseedTracks(from: result, model: trackerModel, motion: motion, geometry: geometry)
      frame.trackedObjects = trackedObjects()
    }
  }

  /// Steps every live tracker to `camera`, dropping the lost ones.
  private mutating func stepTracks(to camera: Camera, motion: OpticalFlowSimulator) {
    for i in vision.tracks.indices {
      _ = vision.tracks[i].tracker.track(to: camera, motion: motion)
    }
    vision.tracks.removeAll { $0.tracker.isLost }
  }

  /// New trackers seeded with a result's observations on its image and caught up to the latest
  /// frame; a new tracker keeps the id of a live one with the same label whose box overlaps it
  /// by more than IoU 0.3 (the best such), as apps keep track identities across re-detections.
  private mutating func reseedTracks(
    from result: PendingDetectorResult, model: ObjectTrackerModel, motion: OpticalFlowSimulator,
    geometry: VisionGeometry
  ) {
    guard let trackGeometry = vision.trackGeometry,
      let imageCamera = vision.recentCameras.first(where: { $0.index == result.imageIndex })?.camera
    else { return }
    let later = vision.recentCameras.filter { $0.index > result.imageIndex }.map(\.camera)
    var fresh: [SynthesizedTrack] = []
    var taken = Set<String>()
    for observation in result.observations {
      let imageRect = geometry.imageNormalizedRect(forVisionRect: observation.boundingBox)
      var tracker = SimulatedObjectTracker(
        boundingBox: trackGeometry.visionRect(forImageNormalizedRect: imageRect),
        geometry: trackGeometry, camera: imageCamera, confidence: observation.confidence,
        model: model, seed: vision.trackerSeeds.next())
      for camera in later { _ = tracker.track(to: camera, motion: motion) }
      guard !tracker.isLost else { continue }
      let box = tracker.imageNormalizedBox
      let match = vision.tracks.filter {
        $0.label == observation.label && !taken.contains($0.id)
          && $0.tracker.imageNormalizedBox.intersectionOverUnion(with: box) > 0.3
      }.max {
        $0.tracker.imageNormalizedBox.intersectionOverUnion(with: box)
          < $1.tracker.imageNormalizedBox.intersectionOverUnion(with: box)
      }
      let id: String
      if let match {
        id = match.id
      } else {
        id = "track-\(vision.nextTrackNumber)"
        vision.nextTrackNumber += 1
      }
      taken.insert(id)
      fresh.append(SynthesizedTrack(id: id, label: observation.label, tracker: tracker))
    }
    vision.tracks = fresh
  }

  /// The live trackers' boxes on the current frame, clipped to the unit square and rounded; boxes
  /// clipped away are left out.
  private func trackedObjects() -> [RecordingTrackedObject] {
    vision.tracks.compactMap { track in
      guard let clipped = track.tracker.boundingBox.standardized.intersection(.unit) else {
        return nil
      }
      let x = Self.rounded(clipped.minX)
      let y = Self.rounded(clipped.minY)
      let box = Rect(
        x: x, y: y, width: min(Self.rounded(clipped.width), 1 - x),
        height: min(Self.rounded(clipped.height), 1 - y))
      guard box.width > 0, box.height > 0 else { return nil }
      return RecordingTrackedObject(
        id: track.id, boundingBox: box, confidence: Self.score(track.tracker.confidence),
        label: track.label)
    }
  }
}
