import ARSimulation
import SceneFormat

/// An ARCore session played back from an `"arcore"` recording (or synthesized from an ARCore
/// scene spec), with ARCore's shape, so Android placement code (ARCore + ML Kit) runs against it
/// headless and is scored like ARKit code (``PlacementHarness/run(_:placer:)-(SimulatedARCoreSession,_)``).
///
/// ```swift
/// var session = try SimulatedARCoreSession(contentsOfFile: "Scenes/arcore-dashboard-portrait.json")
/// while let frame = try session.nextFrame() {
///   for object in frame.mlKitObjects { ... frame.frame.hitTest(x: ..., y: ...) ... }
/// }
/// ```
///
/// It plays the same frames as a ``SimulatedSession`` over the same source, in the same order,
/// deterministically; the ARKit-shaped twin of each frame stays inside (the harness scores with
/// it).
public struct SimulatedARCoreSession: Sendable {
  /// The underlying session (ARKit's shape of the same frames).
  package var session: SimulatedSession

  /// An ARCore session over `source`.
  ///
  /// - Throws: `InputFileError` naming the file and `platform` when the recording is not an
  ///   `"arcore"` one, or as ``SimulatedSession/init(source:options:)``.
  public init(source: ReplaySource, options: SimulatedSession.Options = .init()) throws {
    guard source.header.platform == .arcore, source.header.arcore != nil else {
      throw InputFileError(
        .invalidValue,
        "not an ARCore recording (\"platform\": \"arcore\" with \"arcore\" settings)",
        path: [.key("platform")], file: source.file)
    }
    session = try SimulatedSession(source: source, options: options)
  }

  /// Opens an `"arcore"` recording file (JSON, or JSON Lines streamed when the name ends in
  /// `.jsonl`).
  ///
  /// - Throws: `InputFileError` naming the file.
  public init(
    contentsOfFile path: String, options: SimulatedSession.Options = .init(),
    limits: RecordingLimits = .default
  ) throws {
    try self.init(source: ReplaySource(contentsOfFile: path, limits: limits), options: options)
  }

  /// An ARCore session over a recording in memory; `file` names it in errors.
  ///
  /// - Throws: as ``init(source:options:)``.
  public init(
    recording: Recording, file: String? = nil, options: SimulatedSession.Options = .init()
  ) throws {
    try self.init(source: ReplaySource(recording: recording, file: file), options: options)
  }

  /// The next frame, or `nil` after the last.
  ///
  /// - Throws: `InputFileError` naming the file, frame and JSON path of a frame that cannot be
  ///   read, validated or converted (unless the options skip invalid frames).
  public mutating func nextFrame() throws -> SimulatedARCoreFrame? {
    guard let frame = try session.nextFrame() else { return nil }
    // Every frame of an "arcore" session carries its ARCore form (the conversion checks it).
    return frame.arcore!
  }

  /// Applies an app's anchor requests (`Session.createAnchor(Pose)`, `Anchor.detach()` in their
  /// order): the anchors are reported from the next frame on (``SimulatedARCoreFrame/anchors``).
  public mutating func apply(_ requests: ARCoreAnchorRequests) {
    session.apply(requests.appAnchorRequests)
  }

  /// The frame most recently handed out, or `nil` before the first and after the last.
  public var currentFrame: SimulatedARCoreFrame? { session.currentFrame?.arcore }
  /// The recording's header.
  public var header: RecordingHeader { session.header }
  /// The ground truth, or `nil`. Placers never see it.
  public var truth: RecordingTruth? { session.truth }
  /// The file name used in errors, or `nil` for in-memory data.
  public var file: String? { session.file }
  /// The frames left out as invalid, in frame order (only when the options skip them).
  public var skippedFrames: [ReplaySkippedFrame] { session.skippedFrames }
}
