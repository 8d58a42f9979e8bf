import ARSimulation
import Foundation
import SceneFormat
import SpatialMath

/// Turns a ``SceneSpec`` and a seed into a recording with truth (format v1), frame by frame, so a
/// long session streams in constant memory.
///
/// Per frame at scene time `t` (seconds from the start; timestamp `startTimestampSeconds + t`):
/// 1. the true camera pose: the trajectory (or the recorded pose) plus hand tremor and handheld
///    motion (``HandMotionSpec``); its roll
///    follows the viewport's interface orientation (landscapeRight: camera +x is the view's right;
///    portrait: camera +x points down the screen and +y to its right, ARKit's back camera);
/// 2. `camera`: the true pose with the ``TrackingModelSpec`` errors (noise, drift, jumps), or the
///    last tracked pose while tracking is lost; the truth stays in world coordinates;
/// 3. `planes`: anchors per ``PlaneModelSpec``;
/// 4. `featurePoints`: per ``FeaturePointModelSpec``;
/// 5. `sceneDepth` and `smoothedSceneDepth` per ``DepthModelSpec`` (seen by the true camera);
/// 6. `detections`: per ``DetectorModelSpec``, projected with the **true** camera through the
///    header's Vision settings; for an ARCore scene (``SceneSpec/arcore``) ML Kit's boxes in the
///    upright CPU image instead (`arcore.mlKitObjects`, with the CPU image's intrinsics).
///
/// Randomness: one ``SplitMix64`` sub-stream per concern (tremor, hand, tracking, planes, feature
/// points, detector), each seeded from `seed` and a fixed salt, so changing one model does not reshuffle
/// the others; the detector draws the same number of values per object and frame whether or not
/// the object is visible. The output bytes depend only on the spec and the seed.
public struct SceneSynthesizer: Sendable {
  /// The spec.
  public let spec: SceneSpec
  /// The seed.
  public let seed: UInt64
  /// The recording header: vision, viewport, truth objects and the tracking events of the spec
  /// (jumps, loss intervals), the detector's schedule and the Vision requests' settings; for an
  /// ARCore scene the platform and ARCore settings instead of vision and viewport (the surfaces
  /// stay in the spec: format v1 has no member for them).
  public let header: RecordingHeader
  /// The number of frames this synthesizer produces.
  public let frameCount: Int

  /// The Vision geometry of an ARKit scene, else `nil`.
  let geometry: VisionGeometry?
  /// The CPU image stream of an ARCore scene, else `nil`.
  let arcoreImage: ARCoreImage?
  let surfaces: [TruthSurface]
  let objectGeometry: [(spec: SceneObjectSpec, corners: [SIMD3<Float>], position: SIMD3<Float>)]
  let labels: [String]
  let recordedPoses: [(sceneTime: Double, worldFromCamera: Matrix4x4)]
  let recordedCloud: FeaturePointCloud?
  let tremorTerms: [TremorTerm]
  /// The hand model's sines (``HandMotionSpec``), axis-major; empty without one.
  let handTerms: [HandTerm]
  /// The reported pose's error over scene time, with the spec's corrections and the random
  /// ones drawn from the seed.
  let trackingTimeline: TrackingErrorTimeline

  var trackingRandom: SplitMix64
  var planeRandom: SplitMix64
  var pointRandom: SplitMix64
  var detectorRandom: SplitMix64
  var vision: VisionSynthesisState
  var planeStates: [PlaneState]
  /// The depth model's state, or `nil` without one.
  var depthState: DepthSynthesisState?
  var lastReportedPose: RigidTransform?
  var lastPlanes: [RecordingPlane] = []
  var nextIndex = 0
  /// The scene time of the last frame made, or `nil` before the first.
  var lastSceneTime: Double?

  /// Prepares a synthesis; reads the logger files of a recorded trajectory.
  ///
  /// - Throws: ``InputFileError`` for settings the geometry refuses (`vision.modelInputSize`) or an
  ///   unreadable recorded trajectory (naming its file and line).
  public init(spec: SceneSpec, seed: UInt64) throws {
    self.spec = spec
    self.seed = seed
    if let vision = spec.vision {
      let settings: VisionRequestSettings
      do {
        settings = try vision.requestSettings()
      } catch let error as InputFileError {
        throw error.prefixed(.key("vision"))
      }
      do {
        geometry = try VisionGeometry(
          settings: settings, imageResolution: spec.device.imageResolution)
      } catch {
        throw InputFileError(.invalidValue, error.description, path: [.key("device")])
      }
    } else {
      geometry = nil
    }
    arcoreImage = try spec.arcore.map { try ARCoreImage(spec: $0, device: spec.device) }
    surfaces = spec.surfaces.map(\.planeFitSurface)
    var geometryList: [(spec: SceneObjectSpec, corners: [SIMD3<Float>], position: SIMD3<Float>)] =
      []
    for object in spec.objects {
      guard
        let surface = spec.surfaces.first(where: {
          $0.surface.identifier == object.surfaceIdentifier
        })
      else { continue }
      let world = object.worldGeometry(on: surface)
      geometryList.append((object, world.corners, world.position))
    }
    objectGeometry = geometryList
    labels = Array(Set(spec.objects.map(\.label))).sorted()
    (recordedPoses, recordedCloud) = try Self.loadRecordedTrajectory(spec)
    frameCount = spec.recordedTrajectory == nil ? spec.frameCount : recordedPoses.count
    var tremorRandom = Self.stream(seed, salt: 0x7E_4D0B)
    tremorTerms = (0..<18).map { _ in TremorTerm(using: &tremorRandom) }
    // Its own stream: scenes without a hand model draw nothing and keep their bytes.
    var handRandom = Self.stream(seed, salt: 0x4A_4D07)
    handTerms = spec.trajectory?.hand.map { HandTerm.terms(for: $0, using: &handRandom) } ?? []
    trackingRandom = Self.stream(seed, salt: 0x7ACC_1296)
    // Its own stream: scenes without random corrections draw nothing and keep their bytes.
    var correctionRandom = Self.stream(seed, salt: 0xC0_44EC7)
    let durationSeconds =
      spec.recordedTrajectory == nil
      ? Double(frameCount) / spec.framesPerSecond : (recordedPoses.last?.sceneTime ?? 0)
    trackingTimeline = spec.tracking.errorTimeline(
      randomTimes: spec.tracking.randomCorrectionTimes(
        durationSeconds: durationSeconds, using: &correctionRandom))
    planeRandom = Self.stream(seed, salt: 0x9A_4E5)
    pointRandom = Self.stream(seed, salt: 0xFEA7_0E5)
    detectorRandom = Self.stream(seed, salt: 0xDE7E_C702)
    planeStates = Array(repeating: PlaneState(), count: surfaces.count)
    let truthSurfaces = Self.truthSurfaces(spec)
    depthState = spec.depth.map {
      DepthSynthesisState(
        model: $0, surfaces: truthSurfaces, random: Self.stream(seed, salt: 0xDE97_4A9))
    }
    var header = RecordingHeader(
      vision: spec.vision, viewport: spec.viewport,
      truth: RecordingTruth(
        objects: objectGeometry.map { entry in
          RecordingTruthObject(
            id: entry.spec.id, label: entry.spec.label,
            position: Self.shortest(entry.position),
            size: Self.shortest(entry.spec.sizeMeters))
        },
        events: Self.truthEvents(spec, timeline: trackingTimeline)),
      platform: spec.arcore == nil ? .arkit : .arcore, arcore: spec.arcore?.session)
    if Self.writesTruthSurfaces(spec) {
      header.truth?.surfaces = truthSurfaces.map(RecordingTruthSurface.init)
    }
    header.detector = Self.detectorSettings(spec.detector)
    header.visionRequests = spec.visionRequests
    self.header = header
    vision = VisionSynthesisState(
      seed: seed, header: header, imageResolution: spec.device.imageResolution)
  }

  /// The spec's tracking jumps and loss intervals as truth events on the frames' clock
  /// (`startTimestampSeconds` + scene time), in time order (a jump before a loss at the same
  /// time); offsets in the shortest decimal form of their `Float` values. With corrections, the
  /// drift (when not zero, from the start) and every correction of `timeline` (fixed and
  /// random) too, so a replay can move the app's anchors as the synthesis moved the planes.
  static func truthEvents(_ spec: SceneSpec, timeline: TrackingErrorTimeline)
    -> [RecordingTruthEvent]
  {
    let start = spec.startTimestampSeconds
    let jumps = spec.tracking.jumps.map {
      RecordingTruthEvent.trackingJump(
        timestamp: start + $0.timeSeconds, offsetMeters: shortest($0.offsetMeters))
    }
    let losses = spec.tracking.lossIntervals.map {
      RecordingTruthEvent.trackingLost(
        timestamp: start + $0.lowerBound, endTimestamp: start + $0.upperBound)
    }
    var corrections: [RecordingTruthEvent] = []
    if spec.tracking.hasCorrections {
      if spec.tracking.driftMetersPerSecond != .zero {
        corrections.append(
          .trackingDrift(
            timestamp: start, velocityMetersPerSecond: shortest(spec.tracking.driftMetersPerSecond))
        )
      }
      corrections += timeline.corrections.map {
        .trackingCorrection(
          timestamp: start + $0.timeSeconds, fraction: $0.fraction,
          radiusMeters: $0.radiusMeters, falloffMeters: $0.falloffMeters)
      }
    }
    // Stable: equal times keep jumps first, then losses in spec order, then drift and corrections.
    return (jumps + losses + corrections).enumerated()
      .sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }
      .map(\.element)
  }

  /// The clockwise display rotation of the app's view, in quarter turns: the viewport's interface
  /// orientation, or an ARCore scene's image rotation θ.
  var interfaceQuarterTurns: Int {
    spec.viewport?.interfaceOrientation.quarterTurnsClockwise
      ?? spec.arcore?.imageRotationQuarterTurns ?? 0
  }

  /// A generator for one concern: `seed` mixed with `salt` through one SplitMix64 step, so streams
  /// of different concerns do not overlap in practice.
  static func stream(_ seed: UInt64, salt: UInt64) -> SplitMix64 {
    var mixer = SplitMix64(seed: seed ^ (salt &* 0x9E37_79B9_7F4A_7C15))
    return SplitMix64(seed: mixer.next())
  }

  /// The next frame, or `nil` after the last one.
  public mutating func nextFrame() -> RecordingFrame? {
    guard nextIndex < frameCount else { return nil }
    defer { nextIndex += 1 }
    let sceneTime =
      spec.recordedTrajectory == nil
      ? Double(nextIndex) / spec.framesPerSecond : recordedPoses[nextIndex].sceneTime
    let truePose = trueCameraPose(index: nextIndex, sceneTime: sceneTime)
    let lost = spec.tracking.isLost(at: sceneTime)
    let reported = reportedPose(truePose: truePose, sceneTime: sceneTime, lost: lost)
    if spec.tracking.hasCorrections {
      applyCorrections(after: lastSceneTime, upTo: sceneTime, cameraPosition: reported.translation)
    }
    lastSceneTime = sceneTime
    let trueCamera = camera(at: truePose)
    let reportedCamera = camera(at: reported)
    var frame = RecordingFrame(
      timestamp: spec.startTimestampSeconds + sceneTime, camera: RecordingCamera(reportedCamera))
    if lost {
      frame.planes = lastPlanes
      advanceDetectorStream()
      if spec.detector.isScheduled { scheduledDetectorLost(index: nextIndex) }
      // ARCore reports the lost tracking as the camera's PAUSED state.
      if let arcoreImage {
        frame.arcore = RecordingARCoreFrame(
          imageIntrinsics: arcoreImage.intrinsics, trackingState: .paused)
      }
      return frame
    }
    frame.planes = planeAnchors(sceneTime: sceneTime, camera: trueCamera)
    lastPlanes = frame.planes
    frame.featurePoints = featurePoints(camera: trueCamera, frameIndex: nextIndex)
    addDepth(to: &frame, sceneTime: sceneTime, trueCamera: trueCamera)
    if let arcoreImage {
      frame.arcore = RecordingARCoreFrame(
        imageIntrinsics: arcoreImage.intrinsics,
        mlKitObjects: mlKitObjects(camera: trueCamera, image: arcoreImage))
    } else if let geometry {
      if spec.detector.isScheduled {
        scheduledDetector(
          frame: &frame, index: nextIndex, sceneTime: sceneTime, trueCamera: trueCamera,
          geometry: geometry)
      } else {
        frame.detections = detections(camera: trueCamera, geometry: geometry)
      }
    }
    if let hand = spec.hand, Self.isDue(sceneTime, rateHz: hand.rateHz, last: &vision.lastHandStep)
    {
      frame.points = handObservations(sceneTime: sceneTime, camera: trueCamera)
    }
    if let contours = spec.contours,
      Self.isDue(sceneTime, rateHz: contours.rateHz, last: &vision.lastContourStep)
    {
      frame.contours = contourObservations(camera: trueCamera)
    }
    return frame
  }

  /// The device's camera at `pose`. Poses are rigid unit-quaternion transforms with coordinates
  /// bounded by ``SceneSpec/coordinateLimitMeters``, so the camera always exists; the identity
  /// pose stands in should a pose ever be refused, so bad input cannot trap.
  func camera(at pose: RigidTransform) -> Camera {
    let intrinsics = spec.device.intrinsics
    let resolution = spec.device.imageResolution
    if let camera = try? Camera(
      worldFromCamera: pose, intrinsics: intrinsics, imageResolution: resolution)
    {
      return camera
    }
    // The identity is rigid, the intrinsics type is validated, and `init` already refused a
    // non-positive resolution (VisionGeometry throws for it).
    return try! Camera(
      worldFromCamera: .identity, intrinsics: intrinsics, imageResolution: resolution)
  }

  /// The whole recording (validated).
  ///
  /// - Complexity: O(frames × (objects + surfaces + points)); memory grows with the frame count,
  ///   so stream long sessions with ``nextFrame()`` and ``RecordingJSONLinesWriter``.
  public static func recording(spec: SceneSpec, seed: UInt64) throws -> Recording {
    var synthesizer = try SceneSynthesizer(spec: spec, seed: seed)
    var frames: [RecordingFrame] = []
    frames.reserveCapacity(synthesizer.frameCount)
    while let frame = synthesizer.nextFrame() { frames.append(frame) }
    let recording = Recording(header: synthesizer.header, frames: frames)
    try recording.validate()
    return recording
  }

  /// The poses (rebased scene times) and accumulated point cloud of a recorded trajectory.
  private static func loadRecordedTrajectory(
    _ spec: SceneSpec
  ) throws -> ([(sceneTime: Double, worldFromCamera: Matrix4x4)], FeaturePointCloud?) {
    guard let recorded = spec.recordedTrajectory else { return ([], nil) }
    var directory = recorded.loggerDirectory
    if !directory.hasPrefix("/"), let base = spec.baseDirectory, !base.isEmpty {
      directory = (base as NSString).appendingPathComponent(directory)
    }
    let k = spec.device.intrinsics
    let focal = SIMD2(k.focalLengthXPixels, k.focalLengthYPixels)
    let principal = SIMD2(k.principalPointPixels.x, k.principalPointPixels.y)
    let source: Recording
    switch recorded.logger {
    case .arkitDataLogger:
      source = try ARKitDataLoggerImporter(
        focalLengthPixels: focal, principalPointPixels: principal,
        imageResolution: spec.device.imageResolution
      ).importRecording(directory: directory)
    case .arcoreDataLogger:
      guard let arcore = spec.arcore else {
        throw InputFileError(
          .invalidValue,
          "an \"arcoreDataLogger\" trajectory needs the spec's \"arcore\" (display geometry and "
            + "sensor orientation turn its sensor poses into camera poses)",
          path: [.key("recordedTrajectory")])
      }
      source = try ARCoreDataLoggerImporter(
        focalLengthPixels: focal, principalPointPixels: principal,
        imageResolution: spec.device.imageResolution, displayGeometry: arcore.displayGeometry,
        sensorOrientationDegrees: arcore.sensorOrientation
      ).importRecording(directory: directory)
    }
    var poses: [(sceneTime: Double, worldFromCamera: Matrix4x4)] = []
    var index = recorded.startFrame
    while index < source.frames.count, poses.count < (recorded.maximumFrames ?? Int.max) {
      let frame = source.frames[index]
      if let matrix = frame.camera.worldFromCamera {
        let start = source.frames[recorded.startFrame].timestamp
        poses.append((frame.timestamp - start, matrix))
      }
      index += recorded.everyNthFrame
    }
    let cloud = try source.frames.first?.featurePoints?.pointCloud()
    return (poses, cloud)
  }

  /// The `Double` vector whose components print as the `Float` ones do (`1.2`, not `1.2000000476837158`).
  static func shortest(_ v: SIMD3<Float>) -> SIMD3<Double> {
    SIMD3(Double(v.x.description) ?? 0, Double(v.y.description) ?? 0, Double(v.z.description) ?? 0)
  }

}
