import ARSimulation
import Foundation
import SpatialMath

/// Converts the text files of the ARCore Data Logger app (github.com/PyojinKim/ARCore-Data-Logger)
/// into an `"arcore"` ``Recording``.
///
/// Sources, in a directory:
/// - `ARCore_sensor_pose.txt`: a `#` header line, then per frame
///   `timestamp q_x q_y q_z q_w t_x t_y t_z` (nanoseconds; a Hamilton unit quaternion in
///   (x, y, z, w) order and a translation in metres). The pose is ARCore's
///   `Frame.getAndroidSensorPose()`: **the phone body's Android sensor frame** (in the device's
///   natural portrait orientation +x right, +y up, +z out of the screen) in ARCore's world (+y
///   up against gravity), not the camera's pose.
/// - `ARCore_point_cloud.txt` (optional): a `#` header line, then `x y z R G B` per point, the
///   feature points accumulated over the session (world metres, colour 0–255).
///
/// ## The conversion to the camera pose
///
/// A recording's `camera.transform` is worldFromCamera in ARKit's camera axes, which are also
/// ARCore's `Camera.getPose()` axes: +x along the image rows (to the right of the unrotated
/// camera image), +y up the image, the camera looking along -z. The back camera's image is
/// turned by `CameraCharacteristics.SENSOR_ORIENTATION` (θ, clockwise to be upright in the
/// natural orientation), so
///
///     worldFromCamera = worldFromSensor · sensorFromCamera,
///     sensorFromCamera = [R_z(-θ) | cameraOffsetMeters]
///
/// For the usual θ = 90°: the camera's +x is the sensor frame's -y (towards the bottom of a
/// portrait phone, the long axis as on an iPhone held in landscape-right), its +y the sensor's
/// +x, its +z the sensor's +z. The lens offset from the sensor frame's origin is not recorded;
/// ``cameraOffsetMeters`` is a parameter (default zero). The display rotation does not enter
/// the pose (ARCore's camera pose is not display-oriented): it and the view size go into the
/// header's `arcore.displayGeometry`, which replay uses for the display transform.
///
/// Each line becomes one frame: the timestamp in seconds (`ns / 1e9`, absolute), the converted
/// matrix column-major (Doubles, exact for the quarter-turn rotation). The quaternion is
/// normalized; one whose length is off 1 by more than ``unitTolerance`` is refused.
///
/// Feature points: as for ``ARKitDataLoggerImporter``, the whole accumulated cloud goes into
/// the **first frame's** `featurePoints` (identifiers are the 1-based point numbers) with the
/// colours beside it as `colorsRGB: [[R, G, B], ...]`; the `#` lines are kept in the header's
/// extra member `source`.
///
/// The logger records neither intrinsics, image size nor display geometry, so they are
/// parameters; it records no planes or detections.
public struct ARCoreDataLoggerImporter: Sendable, Hashable {
  /// The pose file's name inside the directory.
  public static let poseFileName = "ARCore_sensor_pose.txt"
  /// The point-cloud file's name inside the directory.
  public static let pointCloudFileName = "ARCore_point_cloud.txt"
  /// How far a quaternion's length may be from 1 (the logger prints 6 decimals).
  public static let unitTolerance = 1e-3

  /// The GPU texture's focal lengths in pixels (x, y), > 0, in the unrotated (sensor, usually
  /// landscape) image.
  public var focalLengthPixels: SIMD2<Double>
  /// The GPU texture's principal point in pixels (top-left origin, unrotated image).
  public var principalPointPixels: SIMD2<Double>
  /// The GPU texture size in pixels (unrotated, e.g. 1920x1080), > 0.
  public var imageResolution: Size
  /// `Session.setDisplayGeometry`: the display rotation and the view size (display-rotated).
  public var displayGeometry: RecordingDisplayGeometry
  /// `CameraCharacteristics.SENSOR_ORIENTATION` in degrees (0, 90, 180 or 270; 90 on most
  /// phones' back camera).
  public var sensorOrientationDegrees: Int
  /// The camera's origin in the Android sensor frame, metres (not recorded; default zero).
  public var cameraOffsetMeters: SIMD3<Double>

  /// Creates an importer with the camera and display the logger did not record.
  public init(
    focalLengthPixels: SIMD2<Double>, principalPointPixels: SIMD2<Double>, imageResolution: Size,
    displayGeometry: RecordingDisplayGeometry, sensorOrientationDegrees: Int = 90,
    cameraOffsetMeters: SIMD3<Double> = .zero
  ) {
    self.focalLengthPixels = focalLengthPixels
    self.principalPointPixels = principalPointPixels
    self.imageResolution = imageResolution
    self.displayGeometry = displayGeometry
    self.sensorOrientationDegrees = sensorOrientationDegrees
    self.cameraOffsetMeters = cameraOffsetMeters
  }

  /// The intrinsics as stored in a recording (9 numbers, column-major).
  public var intrinsics: [Double] {
    [
      focalLengthPixels.x, 0, 0, 0, focalLengthPixels.y, 0, principalPointPixels.x,
      principalPointPixels.y, 1,
    ]
  }

  /// The ARCore session block the recording's header carries.
  public var session: RecordingARCoreSession {
    RecordingARCoreSession(
      displayGeometry: displayGeometry, sensorOrientation: sensorOrientationDegrees)
  }

  /// sensorFromCamera, column-major 4x4: `R_z(-sensorOrientationDegrees)` and
  /// ``cameraOffsetMeters``.
  public var sensorFromCamera: [Double] {
    // cos and sin of -θ for the quarter turns, exactly.
    let (c, s): (Double, Double) =
      switch ((sensorOrientationDegrees % 360) + 360) % 360 {
      case 90: (0, -1)
      case 180: (-1, 0)
      case 270: (0, 1)
      default: (1, 0)
      }
    return [
      c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0,
      cameraOffsetMeters.x, cameraOffsetMeters.y, cameraOffsetMeters.z, 1,
    ]
  }

  /// worldFromCamera (column-major 4x4) for a logged sensor pose.
  ///
  /// - Parameters:
  ///   - quaternion: worldFromSensor's rotation, Hamilton (x, y, z, w), normalized here.
  ///   - translation: the sensor frame's origin in the world, metres.
  /// - Returns: `nil` when the quaternion's length is off 1 by more than ``unitTolerance``.
  public func worldFromCamera(quaternion: SIMD4<Double>, translation: SIMD3<Double>) -> [Double]? {
    let length = (quaternion * quaternion).sum().squareRoot()
    guard abs(length - 1) <= Self.unitTolerance else { return nil }
    let worldFromSensor = Self.matrix(quaternion: quaternion / length, translation: translation)
    return Self.multiply(worldFromSensor, sensorFromCamera)
  }

  /// The logged sensor pose (worldFromSensor, column-major 4x4) of a camera pose: the inverse
  /// of ``worldFromCamera(quaternion:translation:)``, for writing logger files and for checks.
  public func worldFromSensor(worldFromCamera: [Double]) -> [Double] {
    Self.multiply(worldFromCamera, Self.rigidInverse(sensorFromCamera))
  }

  /// Reads the logger files in `directory` and returns a validated `"arcore"` recording.
  ///
  /// Memory stays bounded by `limits` as for ``ARKitDataLoggerImporter``.
  ///
  /// - Throws: ``InputFileError`` of kind `.importFormat` naming the file and 1-based line
  ///   (wrong number of fields, a field that is not a finite number, a quaternion that is not of
  ///   unit length, timestamps not increasing, any other value the recording format refuses),
  ///   `.limitExceeded`, `.io` when the pose file cannot be read, `.invalidValue` for bad
  ///   intrinsics, image size, display geometry or sensor orientation.
  /// - Parameter onProgress: called after each line with the fraction (0...1) of the two files'
  ///   bytes read so far.
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
    try session.validate()

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
      guard fields.count == 8 else {
        throw DataLoggerFiles.error(
          Self.poseFileName, line,
          "expected 8 numbers (timestamp q_x q_y q_z q_w t_x t_y t_z), got \(fields.count)")
      }
      let nanoseconds = fields[0]
      try DataLoggerFiles.requireIncreasing(
        nanoseconds: nanoseconds, after: previousNanoseconds, file: Self.poseFileName, line: line)
      previousNanoseconds = nanoseconds
      let quaternion = SIMD4(fields[1], fields[2], fields[3], fields[4])
      guard
        let transform = worldFromCamera(
          quaternion: quaternion, translation: SIMD3(fields[5], fields[6], fields[7]))
      else {
        let length = (quaternion * quaternion).sum().squareRoot()
        throw DataLoggerFiles.error(
          Self.poseFileName, line,
          "the quaternion's length is \(JSONWriter.text(of: length)), not 1 (tolerance \(JSONWriter.text(of: Self.unitTolerance)))"
        )
      }
      var camera = cameraTemplate
      camera.transform = transform
      frames.append(RecordingFrame(timestamp: nanoseconds / 1e9, camera: camera))
      frameLines.append(line)
    }
    guard !frames.isEmpty else {
      throw InputFileError(.importFormat, "no pose lines", file: Self.poseFileName)
    }
    if FileManager.default.fileExists(atPath: pointPath) {
      frames[0].featurePoints = try DataLoggerFiles.readPointCloud(
        path: pointPath, fileName: Self.pointCloudFileName, colorKey: "colorsRGB",
        colorNames: "R G B", limits: limits, comments: &comments, onLine: progress)
    }
    var source: [String: JSONValue] = ["importer": .string("arcore-data-logger")]
    source["comments"] = .object(comments)
    let recording = Recording(
      header: RecordingHeader(
        platform: .arcore, arcore: session, extras: ["source": .object(source)]),
      frames: frames)
    return try DataLoggerFiles.validated(
      recording, frameLines: frameLines, poseFile: Self.poseFileName)
  }
}

extension ARCoreDataLoggerImporter {
  /// The rigid transform (column-major 4x4) of a unit quaternion (x, y, z, w) and a translation.
  static func matrix(quaternion q: SIMD4<Double>, translation t: SIMD3<Double>) -> [Double] {
    let (x, y, z, w) = (q.x, q.y, q.z, q.w)
    return [
      1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
      2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
      2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
      t.x, t.y, t.z, 1,
    ]
  }

  /// `a · b` for column-major 4x4 matrices.
  static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
    (0..<16).map { index in
      let (column, row) = (index / 4, index % 4)
      return (0..<4).reduce(0.0) { $0 + a[$1 * 4 + row] * b[column * 4 + $1] }
    }
  }

  /// The inverse of a rigid column-major 4x4: `[Rᵀ | -Rᵀ t]`.
  static func rigidInverse(_ m: [Double]) -> [Double] {
    var result = [Double](repeating: 0, count: 16)
    for column in 0..<3 {
      for row in 0..<3 { result[column * 4 + row] = m[row * 4 + column] }
    }
    for row in 0..<3 {
      result[12 + row] = -(0..<3).reduce(0.0) { $0 + m[row * 4 + $1] * m[12 + $1] }
    }
    result[15] = 1
    return result
  }
}
