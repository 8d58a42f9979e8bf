import ARSimulation
import Foundation
import Placement
import SceneFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// Records a session as it runs, on any platform: frames in (any ``PlacementFrame`` with the
/// app's Vision observations and request settings, or a ready ``RecordingFrame``), the
/// recording format out as JSON Lines (the header line, then one line per frame, in the
/// canonical form of `RecordingJSONLinesWriter`), for `arsim replay`, `arsim score` and
/// `SimulatedSession` to play back.
///
/// ```swift
/// let recorder = try SessionRecorder(path: url.path, header: header)
/// // each frame, on the thread that has it:
/// recorder.record(frame, observations: observations, visionRequest: request)
/// // at the end:
/// try recorder.close()
/// ```
///
/// - The caller's thread only converts the frame into value types (``RecordingFrame``, see
///   ``RecordingFrame/init(_:observations:visionRequest:observationsImageTimestamp:header:)``)
///   and puts it in a queue of at most ``queueCapacity`` frames; one writer thread of the
///   recorder's own validates, encodes and writes them in order.
/// - When the queue is full, the ``DropPolicy`` decides (``DropPolicy/dropNewest`` by default:
///   the frame being recorded is dropped, so the session's thread never waits); every dropped
///   frame is counted in ``droppedFrameCount``.
/// - Each line reaches the file whole, with one `write` of the line and its newline, as soon
///   as it is encoded: if the app dies, the file holds every frame written so far and at most
///   a cut last line, which readers report with its line number (`RecordingJSONLinesReader`)
///   or skip (`arsim replay --skip-invalid-frames`, `SimulatedSession` with
///   `skipsInvalidFrames`). ``close()`` drains the queue and flushes the file to disk.
/// - A frame that fails validation (a non-finite pose, a timestamp not after the previous
///   frame's) is not written and is counted in ``rejectedFrameCount``; the first such error
///   is kept in ``firstRejection``. A write failure (disk full) stops the recording: later
///   frames are refused and ``close()`` throws it.
///
/// The file is created (or truncated) when the recorder is made, not written to a temporary
/// and renamed: a recording must survive the app that writes it.
public final class SessionRecorder: @unchecked Sendable {
  /// What ``record(_:)`` does with a frame when the queue holds ``queueCapacity`` frames
  /// already (the writer has fallen behind: a slow disk, a busy device).
  public enum DropPolicy: Sendable, Hashable, CustomStringConvertible {
    /// Drop the frame being recorded; the queued frames are kept. The caller never waits, and
    /// the file keeps the frames up to the moment the queue filled (then a gap).
    case dropNewest
    /// Drop the oldest queued frame to make room; the caller never waits, and the file keeps
    /// the most recent frames.
    case dropOldest
    /// Wait until the writer has taken a frame: nothing is dropped, but the caller's thread
    /// (ARKit's delegate queue, say) stalls while the disk is slow. For tests and tools.
    case waitForSpace

    /// The policy's name (`dropNewest`, `dropOldest`, `waitForSpace`).
    public var description: String {
      switch self {
      case .dropNewest: "dropNewest"
      case .dropOldest: "dropOldest"
      case .waitForSpace: "waitForSpace"
      }
    }
  }

  /// The file, as given.
  public let path: String
  /// The header written as the first line.
  public let header: RecordingHeader
  /// The most frames waiting for the writer (>= 1).
  public let queueCapacity: Int
  /// What happens to a frame when the queue is full.
  public let dropPolicy: DropPolicy

  private let state: RecorderState
  private let descriptor: Int32
  private var isClosed = false
  private let closeLock = NSLock()

  /// Creates (or truncates) `path`, writes the header line and starts the writer thread.
  ///
  /// - Parameters:
  ///   - header: the recording's header: the Vision settings and the viewport the app starts
  ///     with (frames that differ carry their own), the detector settings; usually no truth
  ///     (truth is added later, see the article "Recording your own sessions").
  ///   - queueCapacity: the most frames waiting for the writer (raised to 1).
  ///   - dropPolicy: what happens to a frame when the queue is full.
  /// - Throws: ``InputFileError`` naming `path`: the header's validation error, or `.io` when
  ///   the file cannot be created or written.
  public init(
    path: String, header: RecordingHeader, queueCapacity: Int = 16,
    dropPolicy: DropPolicy = .dropNewest
  ) throws {
    self.path = path
    self.header = header
    self.queueCapacity = max(1, queueCapacity)
    self.dropPolicy = dropPolicy
    do { try header.validate() } catch let error as InputFileError {
      throw error.located(file: path)
    }
    let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666) }
    guard fd >= 0 else {
      throw InputFileError(
        .io, "cannot write the file: \(FileReading.reason(errno))", file: path)
    }
    descriptor = fd
    // One sink call per line: the output's buffer of one byte hands each line over whole.
    let output = OutputFileWriter(name: path, bufferSize: 1) { bytes throws(InputFileError) in
      if let code = DescriptorWriting.writeAll(bytes, to: fd) {
        throw InputFileError(
          .io, "cannot write the file: \(FileReading.reason(code))", file: path)
      }
    }
    let writer: RecordingJSONLinesWriter
    do {
      writer = try RecordingJSONLinesWriter(output: output, header: header)
    } catch {
      closeDescriptor(fd)
      throw error
    }
    state = RecorderState(writer: writer, capacity: self.queueCapacity, policy: dropPolicy)
    let state = self.state
    let thread = Thread { state.runWriter() }
    thread.name = "SessionRecorder"
    thread.qualityOfService = .utility
    thread.start()
  }

  deinit {
    try? close()
  }

  /// Queues `frame` (already converted) for writing; see the type's summary for what happens
  /// when the queue is full.
  ///
  /// - Returns: `true` when the frame was queued; `false` when it was dropped (full queue under
  ///   ``DropPolicy/dropNewest``) or the recorder is closed or has failed.
  @discardableResult
  public func record(_ frame: RecordingFrame) -> Bool {
    state.enqueue(frame)
  }

  /// Converts `frame` on the calling thread
  /// (``RecordingFrame/init(_:observations:visionRequest:observationsImageTimestamp:header:)``
  /// against this recorder's ``header``) and queues it, as ``record(_:)``.
  ///
  /// - Parameters:
  ///   - observations: the app's Vision results for this frame (or for the image at
  ///     `observationsImageTimestamp`).
  ///   - visionRequest: the settings of the request that made them (written when they differ
  ///     from the header's).
  ///   - observationsImageTimestamp: the capture time of the image the observations were
  ///     computed on (an earlier frame's for a result delivered late), which marks the frame as
  ///     carrying a detector result even when it found nothing; `nil` when the observations
  ///     are this frame's.
  @discardableResult
  public func record(
    _ frame: some PlacementFrame, observations: [Detection] = [],
    visionRequest: VisionRequestSettings? = nil, observationsImageTimestamp: Double? = nil
  ) -> Bool {
    record(
      RecordingFrame(
        frame, observations: observations, visionRequest: visionRequest,
        observationsImageTimestamp: observationsImageTimestamp, header: header))
  }

  /// Frames queued so far (each is written, rejected, or dropped by ``DropPolicy/dropOldest``).
  public var queuedFrameCount: Int { state.counts.queued }
  /// Frame lines written to the file so far.
  public var writtenFrameCount: Int { state.counts.written }
  /// Frames dropped because the queue was full (by either dropping policy).
  public var droppedFrameCount: Int { state.counts.dropped }
  /// Frames refused by validation (not written).
  public var rejectedFrameCount: Int { state.counts.rejected }
  /// The validation error of the first rejected frame, or `nil`.
  public var firstRejection: InputFileError? { state.counts.firstRejection }

  /// Waits for the writer to write every queued frame, flushes the file to disk and closes it.
  /// Later calls do nothing; frames recorded after it are refused.
  ///
  /// - Throws: the first write failure (`InputFileError` of kind `.io` naming the file).
  public func close() throws {
    closeLock.lock()
    defer { closeLock.unlock() }
    guard !isClosed else { return }
    isClosed = true
    let failure = state.finish()
    let synced = fsync(descriptor) == 0 ? nil : errno
    closeDescriptor(descriptor)
    if let failure { throw failure }
    if let synced, synced != EINVAL {
      throw InputFileError(
        .io, "cannot write the file: \(FileReading.reason(synced))", file: path)
    }
  }

  /// Stops the writer from taking frames until ``resumeWriting()`` (tests: a writer that has
  /// fallen behind, without timing).
  package func suspendWriting() { state.setSuspended(true) }

  /// Lets the writer take frames again.
  package func resumeWriting() { state.setSuspended(false) }
}

/// `close(2)`, which `SessionRecorder.close()` hides inside the class.
@discardableResult
private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
