/// What `SweepRunner.recordingListing(inDirectory:)` found in a directory: the recordings a sweep
/// runs, and the entries named like recordings that it leaves out.
public struct SweepRecordingListing: Sendable {
  /// The names of the regular files ending in `.json` or `.jsonl`, sorted by their UTF-8 bytes.
  public var recordings: [String] = []
  /// The names ending in `.json` or `.jsonl` that are not regular files, each with why it is
  /// left out (`not a regular file (a FIFO)`), sorted by their UTF-8 bytes.
  public var skipped: [(name: String, reason: String)] = []

  /// Creates an empty listing.
  public init() {}
}
