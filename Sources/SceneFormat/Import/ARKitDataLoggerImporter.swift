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
    var bytes = DataLoggerFiles.ByteProgress(over: [posePath, pointPath])
    let progress = { (lineBytes: Int) in onProgress(bytes.advance(lineBytes)) }
    let cameraTemplate = RecordingCamera(
      transform: Matrix4x4.identity.columnMajor.map(Double.init), intrinsics: intrinsics,
      imageResolution: imageResolution)
    try cameraTemplate.validate()

    var comments: [String: JSONValue] = [:]
    var frames: [RecordingFrame] = []
    var frameLines: [Int] = []
    var previousNanoseconds: Double?
    try DataLoggerFiles.forEachDataLine(
      path: posePath, fileName: Self.poseFileName, comments: &comments,
      maximumLineBytes: limits.maximumLineBytes, onLine: progress
    ) {
      fields, line in
      try DataLoggerFiles.requireFrameRoom(
        frames.count, limits: limits, file: Self.poseFileName, line: line)
      guard fields.count == 13 else {
        throw DataLoggerFiles.error(
          Self.poseFileName, line,
          "expected 13 numbers (timestamp and 12 pose values), got \(fields.count)")
      }
      let nanoseconds = fields[0]
      try DataLoggerFiles.requireIncreasing(
        nanoseconds: nanoseconds, after: previousNanoseconds, file: Self.poseFileName, line: line)
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
        throw DataLoggerFiles.error(Self.poseFileName, line, error.message)
      }
      frames.append(RecordingFrame(timestamp: nanoseconds / 1e9, camera: camera))
      frameLines.append(line)
    }
    guard !frames.isEmpty else {
      throw InputFileError(.importFormat, "no pose lines", file: Self.poseFileName)
    }

    if FileManager.default.fileExists(atPath: pointPath) {
      frames[0].featurePoints = try DataLoggerFiles.readPointCloud(
        path: pointPath, fileName: Self.pointCloudFileName, colorKey: "colorsYCbCr",
        colorNames: "Y Cb Cr", limits: limits, comments: &comments, onLine: progress)
    }

    var source: [String: JSONValue] = ["importer": .string("arkit-data-logger")]
    source["comments"] = .object(comments)
    let recording = Recording(
      header: RecordingHeader(extras: ["source": .object(source)]), frames: frames)
    return try DataLoggerFiles.validated(
      recording, frameLines: frameLines, poseFile: Self.poseFileName)
  }
}
