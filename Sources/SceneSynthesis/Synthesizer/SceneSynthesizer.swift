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
  public private(set) var header: RecordingHeader
  /// The number of frames this synthesizer produces (the time steps outside interruptions).
  public let frameCount: Int
  /// The number of time steps (frames at the spec's rate, or recorded poses), interrupted ones
  /// included.
  let stepCount: Int

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
  /// ones drawn from the seed, and the jumps of its interruptions.
  private(set) var trackingTimeline: TrackingErrorTimeline
  /// Per interruption of the spec, the offset of the reported position while relocalizing
  /// (world metres): how far the device moved during it.
  private(set) var interruptionOffsets: [SIMD3<Float>] = []
  /// How many times tracking was reset (plane identifiers of later generations get a suffix).
  var planeGeneration = 0

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
    stepCount = spec.recordedTrajectory == nil ? spec.frameCount : recordedPoses.count
    let poses = recordedPoses
    frameCount = (0..<stepCount).count { index in
      let time =
        spec.recordedTrajectory == nil
        ? Double(index) / spec.framesPerSecond : poses[index].sceneTime
      return spec.tracking.interruption(at: time) == nil
    }
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
      ? Double(stepCount) / spec.framesPerSecond : (recordedPoses.last?.sceneTime ?? 0)
    let randomTimes = spec.tracking.randomCorrectionTimes(
      durationSeconds: durationSeconds, using: &correctionRandom)
    trackingTimeline = spec.tracking.errorTimeline(randomTimes: randomTimes)
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
    if !spec.tracking.interruptions.isEmpty {
      interruptionOffsets = spec.tracking.interruptions.map {
        trueCameraPosition(atSceneTime: $0.startSeconds)
          - trueCameraPosition(atSceneTime: $0.endSeconds)
      }
      trackingTimeline = spec.tracking.errorTimeline(
        randomTimes: randomTimes, interruptionOffsets: interruptionOffsets)
      self.header.truth?.events = Self.truthEvents(
        spec, timeline: trackingTimeline, interruptionOffsets: interruptionOffsets)
    }
  }

  /// The true camera position at a scene time (a recorded trajectory: the last pose at or
  /// before it).
  func trueCameraPosition(atSceneTime time: Double) -> SIMD3<Float> {
    var index = 0
    if spec.recordedTrajectory != nil {
      index = max(0, (recordedPoses.lastIndex { $0.sceneTime <= time } ?? 0))
    }
    return trueCameraPose(index: index, sceneTime: time).translation
  }

  /// The spec's tracking jumps and loss intervals as truth events on the frames' clock
  /// (`startTimestampSeconds` + scene time), in time order (a jump before a loss at the same
  /// time); offsets in the shortest decimal form of their `Float` values. With corrections, the
  /// drift (when not zero, from the start) and every correction of `timeline` (fixed and
  /// random) too, so a replay can move the app's anchors as the synthesis moved the planes.
  static func truthEvents(
    _ spec: SceneSpec, timeline: TrackingErrorTimeline, interruptionOffsets: [SIMD3<Float>] = []
  )
    -> [RecordingTruthEvent]
  {
    let start = spec.startTimestampSeconds
    var jumps = spec.tracking.jumps.map {
      RecordingTruthEvent.trackingJump(
        timestamp: start + $0.timeSeconds, offsetMeters: shortest($0.offsetMeters))
    }
    var interruptions: [RecordingTruthEvent] = []
    for (interruption, offset) in zip(spec.tracking.interruptions, interruptionOffsets) {
      jumps += spec.tracking.jumps(of: interruption, offsetMeters: offset).map {
        .trackingJump(timestamp: start + $0.timeSeconds, offsetMeters: shortest($0.offsetMeters))
      }
      let end = interruption.relocalizingEndSeconds.map { start + $0 }
      interruptions.append(
        .trackingInterrupted(
          timestamp: start + interruption.startSeconds,
          endTimestamp: start + interruption.endSeconds, offsetMeters: shortest(offset),
          relocalizedTimestamp: interruption.outcome == .relocalized ? end : nil,
          resetTimestamp: interruption.outcome == .failed ? end : nil))
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
    // Stable: equal times keep jumps first, then losses in spec order, then drift and
    // corrections, then interruptions.
    return (jumps + losses + corrections + interruptions).enumerated()
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
    let tracking = spec.tracking
    // The app is in the background during an interruption: no frames, the detector's streams
    // advance as in a loss.
    while nextIndex < stepCount, tracking.interruption(at: sceneTime(ofStep: nextIndex)) != nil {
      advanceDetectorStream()
      if spec.detector.isScheduled { scheduledDetectorLost(index: nextIndex) }
      nextIndex += 1
    }
    guard nextIndex < stepCount else { return nil }
    defer { nextIndex += 1 }
    let sceneTime = sceneTime(ofStep: nextIndex)
    let truePose = trueCameraPose(index: nextIndex, sceneTime: sceneTime)
    let lost = tracking.isLost(at: sceneTime)
    let relocalizing = !lost && tracking.relocalizing(at: sceneTime) != nil
    let initializing = !lost && !relocalizing && tracking.isInitializing(at: sceneTime)
    let excessiveMotion =
      !lost && !relocalizing && !initializing
      && isMovingTooFast(truePose: truePose, index: nextIndex, sceneTime: sceneTime)
    let reported = reportedPose(truePose: truePose, sceneTime: sceneTime, lost: lost)
    if tracking.hasCorrections {
      applyCorrections(after: lastSceneTime, upTo: sceneTime, cameraPosition: reported.translation)
    }
    resetTracking(after: lastSceneTime, upTo: sceneTime)
    lastSceneTime = sceneTime
    let trueCamera = camera(at: truePose)
    var reportedCamera = RecordingCamera(camera(at: reported))
    if tracking.writesTrackingStates {
      reportedCamera.trackingState =
        lost
        ? .limited(.insufficientFeatures)
        : relocalizing
          ? .limited(.relocalizing)
          : initializing
            ? .limited(.initializing) : excessiveMotion ? .limited(.excessiveMotion) : .normal
    }
    var frame = RecordingFrame(
      timestamp: spec.startTimestampSeconds + sceneTime, camera: reportedCamera)
    if relocalizing || initializing {
      // Relocalizing: the anchors are kept, not updated, and no points or depth are reported.
      // Initializing: no plane is detected yet; points and depth are.
      frame.planes = relocalizing ? lastPlanes : []
      if initializing {
        lastPlanes = []
        frame.featurePoints = featurePoints(camera: trueCamera, frameIndex: nextIndex)
        addDepth(to: &frame, sceneTime: sceneTime, trueCamera: trueCamera)
      }
      addDetections(to: &frame, sceneTime: sceneTime, trueCamera: trueCamera, paused: true)
      return frame
    }
    if lost {
      frame.planes = lastPlanes
      advanceDetectorStream()
      if spec.detector.isScheduled { scheduledDetectorLost(index: nextIndex) }
      // ARCore reports the lost tracking as the camera's PAUSED state (with ARKit's reason
      // when the spec writes tracking states).
      if let arcoreImage {
        frame.arcore = RecordingARCoreFrame(
          imageIntrinsics: arcoreImage.intrinsics, trackingState: .paused,
          trackingFailureReason: tracking.writesTrackingStates ? .insufficientFeatures : .none)
      }
      return frame
    }
    frame.planes = planeAnchors(sceneTime: sceneTime, camera: trueCamera)
    lastPlanes = frame.planes
    frame.featurePoints = featurePoints(camera: trueCamera, frameIndex: nextIndex)
    addDepth(to: &frame, sceneTime: sceneTime, trueCamera: trueCamera)
    // ARCore pauses tracking when the device moves too fast.
    addDetections(
      to: &frame, sceneTime: sceneTime, trueCamera: trueCamera, paused: excessiveMotion)
    if excessiveMotion { frame.arcore?.trackingFailureReason = .excessiveMotion }
    return frame
  }

  /// Whether the true camera turned faster than the spec's `excessiveMotionDegreesPerSecond`
  /// between the step before `index` and this one (never on the first step).
  func isMovingTooFast(truePose: RigidTransform, index: Int, sceneTime: Double) -> Bool {
    guard let limit = spec.tracking.excessiveMotionDegreesPerSecond, index > 0 else { return false }
    let previousTime = self.sceneTime(ofStep: index - 1)
    guard sceneTime > previousTime else { return false }
    let previous = trueCameraPose(index: index - 1, sceneTime: previousTime)
    let turn = (previous.rotation.conjugate * truePose.rotation).angle.degrees
    let degrees = min(turn, 360 - turn)
    return degrees / (sceneTime - previousTime) > limit
  }

  /// The scene time of time step `index`.
  func sceneTime(ofStep index: Int) -> Double {
    spec.recordedTrajectory == nil
      ? Double(index) / spec.framesPerSecond : recordedPoses[index].sceneTime
  }

  /// Resets tracking for each interruption whose reset falls in `(after, upTo]`: every plane
  /// anchor goes, and the planes are detected again later as new anchors.
  mutating func resetTracking(after: Double?, upTo: Double) {
    for interruption in spec.tracking.interruptions where interruption.outcome == .failed {
      guard let reset = interruption.relocalizingEndSeconds, reset <= upTo,
        after.map({ reset > $0 }) ?? true
      else { continue }
      planeGeneration += 1
      planeStates = Array(repeating: PlaneState(), count: surfaces.count)
      lastPlanes = []
    }
  }

  /// The frame's detector outputs (Vision detections, hand points, contours; ML Kit objects in
  /// an ARCore scene, whose camera state is `PAUSED` when `paused`), seen by the true camera.
  mutating func addDetections(
    to frame: inout RecordingFrame, sceneTime: Double, trueCamera: Camera, paused: Bool
  ) {
    if let arcoreImage {
      frame.arcore = RecordingARCoreFrame(
        imageIntrinsics: arcoreImage.intrinsics,
        mlKitObjects: mlKitObjects(camera: trueCamera, image: arcoreImage))
      if paused { frame.arcore?.trackingState = .paused }
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
