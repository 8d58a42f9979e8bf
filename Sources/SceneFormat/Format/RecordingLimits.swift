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
  /// The largest file accepted, in bytes (the whole document for JSON; the whole file for JSON
  /// Lines, checked when it is opened). Default 1 GiB.
  public var maximumFileBytes: Int
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
    maximumPlanesPerFrame: Int = 1_000, maximumNestingDepth: Int = 64
  ) {
    self.maximumFileBytes = max(1, maximumFileBytes)
    self.maximumLineBytes = max(1, maximumLineBytes)
    self.maximumFrames = max(1, maximumFrames)
    self.maximumDetectionsPerFrame = max(1, maximumDetectionsPerFrame)
    self.maximumPointsPerFrame = max(1, maximumPointsPerFrame)
    self.maximumPlanesPerFrame = max(1, maximumPlanesPerFrame)
    self.maximumNestingDepth = max(1, maximumNestingDepth)
  }

  /// The nesting depth handed to ``JSONParser``: the configured one, capped by the parser's own.
  package var parserDepth: Int { min(maximumNestingDepth, JSONParser.maximumDepth) }

  /// Throws when a document of `count` bytes is over ``maximumFileBytes``.
  package func checkFileBytes(_ count: Int) throws {
    if count > maximumFileBytes {
      throw InputFileError(
        .limitExceeded,
        "file is \(count) bytes, over the limit of \(maximumFileBytes) (maximumFileBytes)")
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
