import ARSimulation
import Foundation
import SceneFormat

/// An AR session played back from a recording, or synthesized from a scene spec as it goes,
/// with ARKit's shape, so placement code written for `ARSession` runs against it headless.
///
/// ```swift
/// var session = try SimulatedSession(contentsOfFile: "Scenes/dashboard-portrait.json")
/// while let frame = try session.nextFrame() {
///   for observation in frame.observations { ... frame.raycastQuery(from: ...) ... }
/// }
/// ```
///
/// Frames come in recording order, deterministically: the same recording (or spec and seed)
/// gives the same frames, bit for bit, at any ``SessionPacing``. Each ``SimulatedFrame`` mirrors
/// `ARFrame` (camera, anchors, feature points, display transform, raycast queries from viewport
/// points) and carries the detector's observations with their Vision request settings, the
/// anchor changes an `ARSessionDelegate` would get and the updates of tracked raycasts.
///
/// A value type without shared state: a copy plays on from where the original was, on its own.
/// Memory is bounded by one frame for JSON Lines files and synthesized sessions; a JSON file is
/// parsed whole when opened and its frames decoded one at a time.
public struct SimulatedSession: Sendable {
  /// How the session plays.
  public struct Options: Sendable, Hashable {
    /// The options of every raycast (``raycast(_:)``, ``SimulatedFrame/raycast(_:)``, tracked
    /// raycasts): back-face policy, parallel tolerance, estimated-plane parameters and seed.
    public var raycastOptions: RaycastOptions
    /// How fast frames are handed out (the frames do not depend on it).
    public var pacing: SessionPacing
    /// When `true`, a frame that cannot be read, validated or converted is left out and listed
    /// in ``SimulatedSession/skippedFrames``; when `false` (default), ``nextFrame()`` throws it.
    public var skipsInvalidFrames: Bool

    /// Creates options; arguments default to the values documented on the properties.
    public init(
      raycastOptions: RaycastOptions = .default, pacing: SessionPacing = .asFastAsPossible,
      skipsInvalidFrames: Bool = false
    ) {
      self.raycastOptions = raycastOptions
      self.pacing = pacing
      self.skipsInvalidFrames = skipsInvalidFrames
    }
  }

  /// The options.
  public let options: Options
  /// The frame most recently handed out by ``nextFrame()`` (`ARSession.currentFrame`), or `nil`
  /// before the first and after the last.
  public internal(set) var currentFrame: SimulatedFrame?
  /// The frames left out as invalid, in frame order (only with ``Options/skipsInvalidFrames``).
  public internal(set) var skippedFrames: [ReplaySkippedFrame] = []
  /// Where the frames come from.
  package internal(set) var source: ReplaySource
  let context: SimulatedFrame.RecordingContext
  var nextFrameIndex = 0
  var isFinished = false
  var lastAnchors: [PlaneAnchor] = []
  var lastAppAnchors: [AppAnchor] = []
  /// The camera tracking state of the last ARCore frame read (its anchors change state with it).
  var lastARCoreTrackingState: ARCore.TrackingState?
  /// The anchors the app added through the session.
  var appAnchorStore: AppAnchorStore
  var trackedRaycasts: [(id: TrackedRaycastID, raycast: TrackedRaycast)] = []
  var trackedRaycastCount = 0
  var pacingStart: (wall: ContinuousClock.Instant, timestamp: Double)?
  /// The last frames handed out, to place late detector results with (`attachImageFrame`).
  var recentImageFrames: [SimulatedVisionOutputs.ImageFrame] = []

  /// A session over `source`.
  ///
  /// - Throws: `InputFileError` naming the file and `viewport` or `vision` when the header's
  ///   viewport or Vision settings cannot be converted.
  public init(source: ReplaySource, options: Options = Options()) throws {
    let header = source.header
    let viewport: Viewport?
    do {
      viewport = try header.viewport?.simulatedViewport()
    } catch let error as InputFileError {
      throw error.prefixed(.key("viewport")).located(file: source.file)
    }
    let request: VisionRequestSettings?
    do {
      request = try header.vision?.requestSettings()
    } catch let error as InputFileError {
      throw error.prefixed(.key("vision")).located(file: source.file)
    }
    self.source = source
    self.options = options
    appAnchorStore = AppAnchorStore(truthEvents: header.truth?.events ?? [])
    var context = SimulatedFrame.RecordingContext(
      headerViewport: viewport, headerRequest: request, raycastOptions: options.raycastOptions,
      arcore: header.platform == .arcore ? header.arcore : nil)
    do {
      context.vision = try SimulatedVisionOutputs.HeaderContext(header: header)
    } catch let error as InputFileError {
      throw error.located(file: source.file)
    }
    self.context = context
  }

  /// The recording's header: Vision settings, viewport, truth and unknown members.
  public var header: RecordingHeader { source.header }
  /// The ground truth, or `nil` for an unannotated recording. Placers never see it: frames
  /// carry no truth.
  public var truth: RecordingTruth? { source.header.truth }
  /// The file name used in errors, or `nil` for in-memory data.
  public var file: String? { source.file }
  /// The number of frames when known in advance (recordings in memory, JSON files, synthesized
  /// sessions), else `nil` (JSON Lines).
  public var frameCount: Int? { source.frameCount }
  /// The viewport of the current frame, or `nil` without one.
  public var viewport: Viewport? { currentFrame?.viewport }

  /// The next frame, or `nil` after the last. Sleeps first under ``SessionPacing/realTime(speed:)``.
  ///
  /// - Throws: `InputFileError` naming the file, frame and JSON path of a frame that cannot be
  ///   read, validated or converted (unless ``Options/skipsInvalidFrames``); after such an error
  ///   the next call reads on when the source can (see `ReplaySource.canContinueAfterError`).
  public mutating func nextFrame() throws -> SimulatedFrame? {
    while true {
      guard
        let outcome = nextFrames(
          upTo: 1, threadCount: 1, continuingAfterErrors: options.skipsInvalidFrames
        ).first
      else {
        currentFrame = nil
        return nil
      }
      switch outcome {
      case .frame(let frame):
        pace(frame)
        currentFrame = frame
        return frame
      case .failed(let failure):
        guard options.skipsInvalidFrames, failure.canContinue else { throw failure.error }
        skippedFrames.append(
          ReplaySkippedFrame(
            frameIndex: failure.frameIndex, timestampSeconds: failure.timestampSeconds,
            error: failure.error))
      }
    }
  }

  /// Every hit of `query` in the current frame, nearest first (`ARSession.raycast(_:)`); empty
  /// before the first frame.
  public func raycast(_ query: RaycastQuery) -> [RaycastResult] {
    currentFrame?.raycast(query) ?? []
  }

  /// Waits until the frame is due under real-time pacing.
  mutating func pace(_ frame: SimulatedFrame) {
    guard case .realTime(let speed) = options.pacing, speed.isFinite, speed > 0 else { return }
    let clock = ContinuousClock()
    guard let start = pacingStart else {
      pacingStart = (clock.now, frame.timestamp)
      return
    }
    let offsetSeconds = (frame.timestamp - start.timestamp) / speed
    guard offsetSeconds.isFinite, offsetSeconds > 0 else { return }
    let wait = start.wall + .seconds(offsetSeconds) - clock.now
    guard wait > .zero else { return }
    let (seconds, attoseconds) = wait.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) * 1e-18)
  }
}
