import Foundation
import SpatialMath

/// Converts the text files of the ARKit Data Logger app (github.com/PyojinKim/ARKit-Data-Logger)
/// into a ``Recording``.
///
/// Sources, in a directory:
/// - `ARKit_camera_pose.txt`: a `#` header line, then per frame
///   `timestamp r11 r12 r13 tx r21 r22 r23 ty r31 r32 r33 tz` (nanoseconds; the top three rows
///   of worldFromCamera, row-major, metres). Each line becomes one frame: the timestamp in seconds
///   (`ns / 1e9`, absolute, not rebased) and the matrix transposed into column-major order with
///   the bottom row (0, 0, 0, 1).
/// - `ARKit_point_cloud.txt` (optional): a `#` header line, then `x y z Y Cb Cr` per point, the
///   feature points accumulated over the whole session (world metres, colour 0–255).
///
/// Feature points: the logger keeps no per-frame point sets or identifiers, so the whole
/// accumulated cloud goes into the **first frame's** `featurePoints` (identifiers are the 1-based
/// point numbers in file order) with the colours kept beside it as the extra member
/// `colorsYCbCr: [[Y, Cb, Cr], ...]`; later frames carry none. Nothing is dropped: the `#`
/// comment lines are kept in the header's extra member `source`.
///
/// The logger records neither intrinsics nor image size, so both are parameters; it records no
/// planes, detections, Vision settings or viewport, so those stay empty or absent.
public struct ARKitDataLoggerImporter: Sendable, Hashable {
  /// The pose file's name inside the directory.
  public static let poseFileName = "ARKit_camera_pose.txt"
  /// The point-cloud file's name inside the directory.
  public static let pointCloudFileName = "ARKit_point_cloud.txt"

  /// Focal lengths in pixels (x, y), > 0.
  public var focalLengthPixels: SIMD2<Double>
  /// Principal point in image pixels (top-left origin).
  public var principalPointPixels: SIMD2<Double>
  /// The captured image size in pixels, > 0.
  public var imageResolution: Size

  /// Creates an importer with the camera the logger did not record.
  public init(
    focalLengthPixels: SIMD2<Double>, principalPointPixels: SIMD2<Double>, imageResolution: Size
  ) {
    self.focalLengthPixels = focalLengthPixels
    self.principalPointPixels = principalPointPixels
    self.imageResolution = imageResolution
  }

  /// The intrinsics as stored in a recording (9 numbers, column-major).
  public var intrinsics: [Double] {
    [
      focalLengthPixels.x, 0, 0, 0, focalLengthPixels.y, 0, principalPointPixels.x,
      principalPointPixels.y, 1,
    ]
  }

  /// Reads the logger files in `directory` and returns a validated recording.
  ///
  /// Memory stays bounded by `limits`: a line longer than
  /// ``RecordingLimits/maximumLineBytes``, more pose lines than ``RecordingLimits/maximumFrames``
  /// or more points than ``RecordingLimits/maximumPointsPerFrame`` (the whole cloud goes into
  /// one frame, which readers of the recording hold to that limit) are refused at the line that
  /// goes over (`.limitExceeded`, naming the file, the line and the limit).
  ///
  /// - Throws: ``InputFileError`` of kind `.importFormat` naming the file and 1-based line
  ///   (wrong number of fields, a field that is not a finite number, a pose that is not rigid,
  ///   timestamps not increasing, in nanoseconds or once converted to seconds, any other value
  ///   the recording format refuses), `.limitExceeded` as above, `.io` when the pose file cannot
  ///   be read, `.invalidValue` for bad intrinsics or image size.
  /// - Parameter onProgress: called after each line with the fraction (0...1) of the two
  ///   files' bytes read so far (for a progress display; it changes nothing in the result).
  /// - Complexity: O(lines).
  public func importRecording(
    directory: String, limits: RecordingLimits = .default, onProgress: (Double) -> Void = { _ in }
  ) throws -> Recording {
    let posePath = (directory as NSString).appendingPathComponent(Self.poseFileName)
    let pointPath = (directory as NSString).appendingPathComponent(Self.pointCloudFileName)
    func size(_ path: String) -> Int {
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue
        ?? 0
    }
    let totalBytes = max(1, size(posePath) + size(pointPath))
    var bytesRead = 0
    let progress = { (lineBytes: Int) in
      bytesRead += lineBytes
      onProgress(min(1, Double(bytesRead) / Double(totalBytes)))
    }
    let cameraTemplate = RecordingCamera(
      transform: Matrix4x4.identity.columnMajor.map(Double.init), intrinsics: intrinsics,
      imageResolution: imageResolution)
    try cameraTemplate.validate()

    var comments: [String: JSONValue] = [:]
    var frames: [RecordingFrame] = []
    var frameLines: [Int] = []
    var previousNanoseconds: Double?
    try Self.forEachDataLine(
      path: posePath, fileName: Self.poseFileName, comments: &comments,
      maximumLineBytes: limits.maximumLineBytes, onLine: progress
    ) {
      fields, line in
      guard frames.count < limits.maximumFrames else {
        throw InputFileError(
          .limitExceeded,
          "more than \(limits.maximumFrames) pose lines, the limit on frames (maximumFrames)",
          file: Self.poseFileName, line: line)
      }
      guard fields.count == 13 else {
        throw Self.error(
          Self.poseFileName, line,
          "expected 13 numbers (timestamp and 12 pose values), got \(fields.count)")
      }
      let nanoseconds = fields[0]
      if let previousNanoseconds, !(nanoseconds > previousNanoseconds) {
        throw Self.error(
          Self.poseFileName, line,
          "timestamps must be strictly increasing, got \(JSONWriter.text(of: nanoseconds)) after \(JSONWriter.text(of: previousNanoseconds))"
        )
      }
      if let previous = frames.last?.timestamp, !(nanoseconds / 1e9 > previous) {
        throw Self.error(
          Self.poseFileName, line,
          "timestamp \(JSONWriter.text(of: nanoseconds)) ns is \(JSONWriter.text(of: nanoseconds / 1e9)) s, "
            + "not after the previous line's \(JSONWriter.text(of: previous)) s (the recording "
            + "stores seconds as a Double)")
      }
      previousNanoseconds = nanoseconds
      // Row-major rows (r11 r12 r13 tx), (r21 ...), (r31 ...) -> column-major 4x4.
      let row = { (r: Int) in Array(fields[(1 + 4 * r)...(4 + 4 * r)]) }
      let (r0, r1, r2) = (row(0), row(1), row(2))
      var camera = cameraTemplate
      camera.transform = (0..<4).flatMap { column in
        [r0[column], r1[column], r2[column], column == 3 ? 1 : 0]
      }
      do {
        try RecordingValidation.requireRigid(camera.transform)
      } catch let error as InputFileError {
        throw Self.error(Self.poseFileName, line, error.message)
      }
      frames.append(RecordingFrame(timestamp: nanoseconds / 1e9, camera: camera))
      frameLines.append(line)
    }
    guard !frames.isEmpty else {
      throw InputFileError(.importFormat, "no pose lines", file: Self.poseFileName)
    }

    if FileManager.default.fileExists(atPath: pointPath) {
      var points: [SIMD3<Double>] = []
      var colors: [JSONValue] = []
      try Self.forEachDataLine(
        path: pointPath, fileName: Self.pointCloudFileName, comments: &comments,
        maximumLineBytes: limits.maximumLineBytes, onLine: progress
      ) {
        fields, line in
        guard points.count < limits.maximumPointsPerFrame else {
          throw InputFileError(
            .limitExceeded,
            "more than \(limits.maximumPointsPerFrame) points, the limit on feature points in "
              + "a frame (maximumPointsPerFrame; the logger's whole cloud goes into the first frame)",
            file: Self.pointCloudFileName, line: line)
        }
        guard fields.count == 6 else {
          throw Self.error(
            Self.pointCloudFileName, line, "expected 6 numbers (x y z Y Cb Cr), got \(fields.count)"
          )
        }
        if let axis = (0..<3).first(where: { !Float(fields[$0]).isFinite }) {
          throw Self.error(
            Self.pointCloudFileName, line,
            "field \(axis + 1): \(RecordingValidation.floatRangeMessage(fields[axis]))")
        }
        points.append(SIMD3(fields[0], fields[1], fields[2]))
        colors.append(.array(fields[3...5].map { .number($0) }))
      }
      frames[0].featurePoints = RecordingFeaturePoints(
        points: points, identifiers: (0..<points.count).map { UInt64($0 + 1) },
        extras: ["colorsYCbCr": .array(colors)])
    }

    var source: [String: JSONValue] = ["importer": .string("arkit-data-logger")]
    source["comments"] = .object(comments)
    let recording = Recording(
      header: RecordingHeader(extras: ["source": .object(source)]), frames: frames)
    do {
      try recording.validate()
    } catch let error as InputFileError {
      // A frame the format refuses: name the pose line it came from.
      guard let index = error.frameIndex, frameLines.indices.contains(index) else { throw error }
      throw Self.error(Self.poseFileName, frameLines[index], "\(error.jsonPath): \(error.message)")
    }
    return recording
  }

  package static func error(_ file: String, _ line: Int, _ message: String) -> InputFileError {
    InputFileError(.importFormat, message, file: file, line: line)
  }

  /// Calls `body` with the numbers of each non-comment, non-blank line and its 1-based number;
  /// `#` lines are collected in `comments` under `"<file>:<line>"`. `onLine` gets each line's
  /// length in bytes, its terminator included.
  package static func forEachDataLine(
    path: String, fileName: String, comments: inout [String: JSONValue],
    maximumLineBytes: Int = RecordingLimits.default.maximumLineBytes,
    onLine: (Int) -> Void = { _ in }, _ body: ([Double], Int) throws -> Void
  ) throws {
    let handle = try FileReading.openForReading(path)
    let lines = BufferedLineReader(handle: handle, maximumLineBytes: maximumLineBytes)
    var fields: [Double] = []
    while true {
      let next: ArraySlice<UInt8>?
      do {
        next = try lines.nextLine()
      } catch let error as InputFileError {
        throw error.located(file: fileName, line: lines.lineNumber + 1)
      } catch {
        throw InputFileError(
          .io, "cannot read the file: \(FileReading.reason(of: error))", file: fileName)
      }
      guard let line = next else { return }
      onLine(line.count + 1)
      let lineNumber = lines.lineNumber
      if line.first == UInt8(ascii: "#") {
        comments["\(fileName):\(lineNumber)"] = .string(String(decoding: line, as: UTF8.self))
        continue
      }
      fields.removeAll(keepingCapacity: true)
      for token in line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
        let text = String(decoding: token, as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
          // Quote at most 32 characters, escaping control and non-ASCII ones, so that a binary
          // file gives a readable message.
          let shown = text.unicodeScalars.prefix(32).map { $0.escaped(asASCII: true) }.joined()
          let more = text.unicodeScalars.count > 32 ? "..." : ""
          throw error(
            fileName, lineNumber,
            "field \(fields.count + 1) \"\(shown)\(more)\" is not a finite number")
        }
        fields.append(value)
      }
      if fields.isEmpty { continue }
      try body(fields, lineNumber)
    }
  }
}
