/// Upper bounds the recording readers enforce before they spend memory or time on an input, so
/// that a hostile or corrupt file fails with a clear ``InputFileError`` (kind `.limitExceeded`,
/// naming the file, the frame and the limit) instead of exhausting memory or the stack.
///
/// The defaults are far above what a device records (ARKit reports tens of planes and a few
/// thousand feature points per frame; a detector a few hundred boxes) and are meant to be
/// raised by callers that know their data is larger. Every count is a maximum that is allowed
/// (inclusive); all values must be > 0.
///
/// ```swift
/// var limits = RecordingLimits.default
/// limits.maximumPointsPerFrame = 1_000_000
/// let recording = try Recording(contentsOfFile: "dense.json", limits: limits)
/// ```
public struct RecordingLimits: Sendable, Hashable {
  /// The largest recording file accepted, in bytes (the whole file for JSON Lines, checked when
  /// it is opened; JSON documents are also held to ``maximumJSONFileBytes``). Default 1 GiB.
  public var maximumFileBytes: Int
  /// The largest recording accepted in the whole-file JSON form, in bytes. Decoding a JSON
  /// recording holds the parsed document and the decoded frames at once: measured peak memory
  /// is about 5 to 9 times the file's size for typical recordings and at most about 26 times
  /// for the worst shape (frames of feature points written as `[0,0,0]`, replayed), so the
  /// default, 128 MiB, bounds it near 3.5 GiB.
  /// JSON Lines recordings are read one line at a time and are held only to
  /// ``maximumFileBytes`` and ``maximumLineBytes``: convert large recordings to JSON Lines.
  public var maximumJSONFileBytes: Int
  /// The largest whole-file input document other than a recording, in bytes: scene specs,
  /// replay settings, sweep grids, plane lists, and the command-line tool's request, point and
  /// sample files (standard input included). Such inputs are read whole. Default 64 MiB.
  public var maximumDocumentBytes: Int
  /// The longest JSON Lines line (one frame or the header), in bytes; bounds the reader's
  /// memory. Default 64 MiB.
  public var maximumLineBytes: Int
  /// The most frames in one recording. Default 1,000,000.
  public var maximumFrames: Int
  /// The most detections in one frame (also the most raw candidates, and the most tracked
  /// objects). Default 10,000.
  public var maximumDetectionsPerFrame: Int
  /// The most feature points in one frame (also the most recognized points, and the most contour
  /// points, in all). Default 65,536.
  public var maximumPointsPerFrame: Int
  /// The most plane anchors in one frame (or in a plane list). Default 1,000.
  public var maximumPlanesPerFrame: Int
  /// The deepest nesting of JSON arrays and objects (the root object is depth 1). Default 64;
  /// the format itself needs 5. Never above ``JSONParser/maximumDepth``, whatever is set.
  public var maximumNestingDepth: Int

  /// The defaults listed on each property.
  public static let `default` = RecordingLimits()

  /// Creates limits; omitted values take the defaults. Values below 1 are treated as 1.
  public init(
    maximumFileBytes: Int = 1 << 30, maximumLineBytes: Int = 64 << 20,
    maximumFrames: Int = 1_000_000,
    maximumDetectionsPerFrame: Int = 10_000, maximumPointsPerFrame: Int = 65_536,
    maximumPlanesPerFrame: Int = 1_000, maximumNestingDepth: Int = 64,
    maximumJSONFileBytes: Int = 128 << 20, maximumDocumentBytes: Int = 64 << 20
  ) {
    self.maximumFileBytes = max(1, maximumFileBytes)
    self.maximumJSONFileBytes = max(1, maximumJSONFileBytes)
    self.maximumDocumentBytes = max(1, maximumDocumentBytes)
    self.maximumLineBytes = max(1, maximumLineBytes)
    self.maximumFrames = max(1, maximumFrames)
    self.maximumDetectionsPerFrame = max(1, maximumDetectionsPerFrame)
    self.maximumPointsPerFrame = max(1, maximumPointsPerFrame)
    self.maximumPlanesPerFrame = max(1, maximumPlanesPerFrame)
    self.maximumNestingDepth = max(1, maximumNestingDepth)
  }

  /// The nesting depth handed to ``JSONParser``: the configured one, capped by the parser's own.
  package var parserDepth: Int { min(maximumNestingDepth, JSONParser.maximumDepth) }

  /// Throws when a recording of `count` bytes is over ``maximumFileBytes``; `sizeKnown` false:
  /// `count` only says that the input (a stream) went past the limit.
  package func checkFileBytes(_ count: Int, sizeKnown: Bool = true) throws {
    if count > maximumFileBytes {
      throw InputFileError(
        .limitExceeded,
        Self.overLimit(count, maximumFileBytes, sizeKnown: sizeKnown) + " (maximumFileBytes)")
    }
  }

  /// `file is 300 bytes, over the limit of 200`, or for a stream `input is over the limit of 200
  /// bytes`.
  private static func overLimit(_ count: Int, _ limit: Int, sizeKnown: Bool) -> String {
    sizeKnown
      ? "file is \(count) bytes, over the limit of \(limit)"
      : "input is over the limit of \(limit) bytes"
  }

  /// The largest whole-file JSON recording: the smaller of ``maximumFileBytes`` and
  /// ``maximumJSONFileBytes``.
  package var jsonDocumentBytes: Int { min(maximumFileBytes, maximumJSONFileBytes) }

  /// Throws when a JSON recording of `count` bytes is over ``maximumFileBytes`` or
  /// ``maximumJSONFileBytes``; the latter's message says that JSON Lines is streamed.
  package func checkJSONDocumentBytes(_ count: Int, sizeKnown: Bool = true) throws {
    try checkFileBytes(count, sizeKnown: sizeKnown)
    if count > maximumJSONFileBytes {
      throw InputFileError(
        .limitExceeded,
        Self.overLimit(count, maximumJSONFileBytes, sizeKnown: sizeKnown)
          + " for a recording in the whole-file JSON form (maximumJSONFileBytes; decoding it "
          + "takes up to about 26 times its size in memory): convert it to JSON Lines (.jsonl, "
          + "read one frame at a time in bounded memory) or raise the limit")
    }
  }

  /// Throws when a `frames` array of `count` elements is over ``maximumFrames``; the path is
  /// relative to the recording (`frames`).
  package func checkFrameCount(_ count: Int) throws {
    if count > maximumFrames {
      throw InputFileError(
        .limitExceeded, "\(count) frames, over the limit of \(maximumFrames) (maximumFrames)",
        path: [.key("frames")])
    }
  }

  /// Checks the sizes of a frame's arrays in its parsed JSON, before it is decoded; paths are
  /// relative to the frame (`detections`, `featurePoints.points`, `planes`). Members of the
  /// wrong type are left to the decoder.
  package func checkFrame(_ value: JSONValue) throws {
    try JSONDocument.withElement(of: value) { try checkFrame($0) }
  }

  /// Checks the sizes of a frame's arrays in a parsed document, as ``checkFrame(_:)-(JSONValue)``.
  package func checkFrame(_ frame: JSONElement) throws {
    guard frame.kind == .object else { return }
    if let planes = frame.member("planes")?.arrayCount {
      try checkPlaneCount(planes, path: [.key("planes")])
    }
    if let detections = frame.member("detections")?.arrayCount,
      detections > maximumDetectionsPerFrame
    {
      throw InputFileError(
        .limitExceeded,
        "\(detections) detections, over the limit of \(maximumDetectionsPerFrame) (maximumDetectionsPerFrame)",
        path: [.key("detections")])
    }
    for key in ["detectionCandidates", "trackedObjects"] {
      if let boxes = frame.member(key)?.arrayCount, boxes > maximumDetectionsPerFrame {
        throw InputFileError(
          .limitExceeded,
          "\(boxes) boxes, over the limit of \(maximumDetectionsPerFrame) (maximumDetectionsPerFrame)",
          path: [.key(key)])
      }
    }
    try checkVisionPointCounts(frame)
    if let points = frame.member("featurePoints")?.member("points")?.arrayCount,
      points > maximumPointsPerFrame
    {
      throw InputFileError(
        .limitExceeded,
        "\(points) feature points, over the limit of \(maximumPointsPerFrame) (maximumPointsPerFrame)",
        path: [.key("featurePoints"), .key("points")])
    }
  }

  /// Throws when a frame's point observations or contours hold more points in all than
  /// ``maximumPointsPerFrame`` (each kind counted on its own).
  private func checkVisionPointCounts(_ frame: JSONElement) throws {
    for (key, inner) in [("points", "points"), ("contours", "normalizedPoints")] {
      guard let array = frame.member(key), array.kind == .array else { continue }
      var total = Int(array.node.count)
      for element in array.elements {
        if let values = element.member(inner)?.arrayCount { total += values }
      }
      if total > maximumPointsPerFrame {
        throw InputFileError(
          .limitExceeded,
          "\(total) \(key) entries and points, over the limit of \(maximumPointsPerFrame) (maximumPointsPerFrame)",
          path: [.key(key)])
      }
    }
  }

  /// Throws when `count` planes are over ``maximumPlanesPerFrame``.
  package func checkPlaneCount(_ count: Int, path: [InputFileError.PathComponent]) throws {
    if count > maximumPlanesPerFrame {
      throw InputFileError(
        .limitExceeded,
        "\(count) planes, over the limit of \(maximumPlanesPerFrame) (maximumPlanesPerFrame)",
        path: path)
    }
  }
}
