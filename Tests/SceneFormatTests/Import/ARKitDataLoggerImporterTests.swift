import Foundation
import SpatialMath
import Testing
import _TestSupport

@testable import SceneFormat

@Suite struct ARKitDataLoggerImporterTests {
  /// The real logger session (`RealData`); a missing one fails these tests unless
  /// ARSIM_ALLOW_MISSING_REAL_DATA=1.
  static func dataDirectory() throws -> String { try RealData.requireDirectory().path }

  let importer = ARKitDataLoggerImporter(
    focalLengthPixels: SIMD2(1460, 1460), principalPointPixels: SIMD2(960, 720),
    imageResolution: Size(width: 1920, height: 1440))

  @Test(.enabled(if: RealData.testsRun, "real data missing and ARSIM_ALLOW_MISSING_REAL_DATA=1"))
  func importsTheRealLoggerSession() throws {
    let recording = try importer.importRecording(directory: try Self.dataDirectory())
    #expect(recording.frames.count == 2762)
    // First line: 105230574092166 ns.
    #expect(recording.frames[0].timestamp == 105230574092166.0 / 1e9)
    // First line's rows r11 r12 r13 tx / r21 .. ty / r31 .. tz, transposed to column-major.
    let expected: [Double] = [
      -0.019570, -0.973180, 0.229209, 0,
      0.989337, 0.014244, 0.144945, 0,
      -0.144322, 0.229601, 0.962525, 0,
      -0.042176, 0.137348, 0.463405, 1,
    ]
    #expect(recording.frames[0].camera.transform == expected)
    #expect(recording.frames[0].camera.intrinsics == [1460, 0, 0, 0, 1460, 0, 960, 720, 1])
    #expect(recording.frames[0].camera.imageResolution == Size(width: 1920, height: 1440))
    // The whole accumulated cloud (14,644 lines) sits in the first frame, colours beside it.
    let cloud = try #require(recording.frames[0].featurePoints)
    #expect(cloud.points.count == 14644)
    #expect(cloud.points[0] == SIMD3(-0.463725, -0.622665, -1.255900))
    #expect(cloud.identifiers?.prefix(2) == [1, 2])
    guard case .array(let colors) = cloud.extras["colorsYCbCr"] else {
      Issue.record("colours missing")
      return
    }
    #expect(colors.count == 14644)
    #expect(colors[0] == .array([.number(235), .number(110), .number(143)]))
    #expect(recording.frames.dropFirst().allSatisfy { $0.featurePoints == nil })
    #expect(recording.frames.dropFirst().allSatisfy { $0.timestamp > 105230.5 })
  }

  @Test(.enabled(if: RealData.testsRun, "real data missing and ARSIM_ALLOW_MISSING_REAL_DATA=1"))
  func importedSessionRoundTripsThroughJSONLines() throws {
    let recording = try importer.importRecording(directory: try Self.dataDirectory())
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("logger.jsonl").path
    try recording.write(toFile: path)
    #expect(try Recording(contentsOfFile: path) == recording)
  }

  func writeSource(_ poses: String, points: String? = nil) throws -> URL {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    try Data(poses.utf8).write(
      to: directory.appendingPathComponent(ARKitDataLoggerImporter.poseFileName))
    if let points {
      try Data(points.utf8).write(
        to: directory.appendingPathComponent(ARKitDataLoggerImporter.pointCloudFileName))
    }
    return directory
  }

  static let identityLine = "1 0 0 0 0 1 0 0 0 0 1 0"  // without the timestamp

  @Test(arguments: [
    (
      "# h\n1000 \(identityLine)\n2000 1 0 0\n",
      "ARKit_camera_pose.txt:3: expected 13 numbers (timestamp and 12 pose values), got 4"
    ),
    (
      "# h\n1000 \(identityLine)\n1000 \(identityLine)\n",
      "ARKit_camera_pose.txt:3: timestamps must be strictly increasing, got 1000 after 1000"
    ),
    (
      "# h\n1000 1 0 0 0 0 1 0 0 0 0 1 zero\n",
      "ARKit_camera_pose.txt:2: field 13 \"zero\" is not a finite number"
    ),
    (
      "# h\n1000 2 0 0 0 0 1 0 0 0 0 1 0\n",
      "ARKit_camera_pose.txt:2: not a rigid transform: rotation columns are not orthonormal (max |RᵀR - I| = 3, tolerance 0.001)"
    ),
    ("# only a header\n", "ARKit_camera_pose.txt: no pose lines"),
  ])
  func reportsMalformedPoseLinesByFileAndLine(poses: String, expected: String) throws {
    let directory = try writeSource(poses)
    defer { try? FileManager.default.removeItem(at: directory) }
    let error = #expect(throws: InputFileError.self) {
      try importer.importRecording(directory: directory.path)
    }
    #expect(error?.description == expected)
  }

  @Test func reportsMalformedPointLines() throws {
    let directory = try writeSource(
      "# h\n1000 \(Self.identityLine)\n", points: "# p\n1 2 3 4 5 6\n1 2 3\n")
    defer { try? FileManager.default.removeItem(at: directory) }
    let error = #expect(throws: InputFileError.self) {
      try importer.importRecording(directory: directory.path)
    }
    #expect(
      error?.description == "ARKit_point_cloud.txt:3: expected 6 numbers (x y z Y Cb Cr), got 3")
  }

  /// What the recording format would refuse later is refused at the importer's line: more pose
  /// lines than frames allowed, more points than a frame may hold (the whole cloud goes into
  /// the first frame), a line longer than allowed, a point beyond Float's range, and two
  /// timestamps that differ in nanoseconds but not once converted to seconds.
  @Test func refusesWhatTheFormatWouldRefuseNamingFileAndLine() throws {
    let limits = RecordingLimits(
      maximumLineBytes: 64, maximumFrames: 2, maximumPointsPerFrame: 2)
    let cases: [(poses: String, points: String?, expected: String)] = [
      (
        "# h\n1000 \(Self.identityLine)\n2000 \(Self.identityLine)\n3000 \(Self.identityLine)\n",
        nil,
        "ARKit_camera_pose.txt:4: more than 2 pose lines, the limit on frames (maximumFrames)"
      ),
      (
        "# h\n1000 \(Self.identityLine)\n", "# p\n1 2 3 4 5 6\n1 2 3 4 5 6\n\n1 2 3 4 5 6\n",
        "ARKit_point_cloud.txt:5: more than 2 points, the limit on feature points in a frame "
          + "(maximumPointsPerFrame; the logger's whole cloud goes into the first frame)"
      ),
      (
        "# h\n1000 \(Self.identityLine)\n" + String(repeating: "0", count: 65) + "\n", nil,
        "ARKit_camera_pose.txt:3: line is longer than 64 bytes (maximumLineBytes)"
      ),
      (
        "# h\n1000 \(Self.identityLine)\n", "# p\n1 2 3 4 5 6\n1 -1e39 3 4 5 6\n",
        "ARKit_point_cloud.txt:3: field 2: must be within Float's range (magnitude at most "
          + "3.4028235e+38), got -1e+39"
      ),
      (
        // Adjacent Doubles (256 ns apart) whose quotients by 1e9 round to the same Double,
        // 2147483648.000033 (found by stepping with nextafter from 2^31 s).
        "# h\n2147483648000032768 \(Self.identityLine)\n"
          + "2147483648000033024 \(Self.identityLine)\n", nil,
        "ARKit_camera_pose.txt:3: timestamp 2.147483648000033e+18 ns is 2147483648.000033 s, not "
          + "after the previous line's 2147483648.000033 s (the recording stores seconds as a "
          + "Double)"
      ),
    ]
    for (poses, points, expected) in cases {
      let directory = try writeSource(poses, points: points)
      defer { try? FileManager.default.removeItem(at: directory) }
      let error = #expect(throws: InputFileError.self, "\(expected)") {
        try importer.importRecording(directory: directory.path, limits: limits)
      }
      #expect(error?.description == expected)
    }
    // At the limits exactly: imported.
    let directory = try writeSource(
      "# h\n1000 \(Self.identityLine)\n2000 \(Self.identityLine)\n",
      points: "# p\n1 2 3 4 5 6\n1 2 3 4 5 6\n")
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = try importer.importRecording(directory: directory.path, limits: limits)
    #expect(recording.frames.count == 2)
    #expect(recording.frames[0].featurePoints?.points.count == 2)
  }

  @Test func convertsASmallSessionAndKeepsComments() throws {
    // Rotation 90° about +y: rows (0 0 1), (0 1 0), (-1 0 0); translation (1, 2, 3).
    let directory = try writeSource(
      "# made by hand\n1500000000 0 0 1 1 0 1 0 2 -1 0 0 3\n2500000000 \(Self.identityLine)\n",
      points: "# p\n0.5 -0.25 -2 16 128 128\n")
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = try importer.importRecording(directory: directory.path)
    #expect(recording.frames.map(\.timestamp) == [1.5, 2.5])
    #expect(
      recording.frames[0].camera.transform == [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 2, 3, 1])
    // worldFromCamera * (0, 0, -1): the camera looks along world -x from (1, 2, 3).
    let pose = try #require(recording.frames[0].camera.worldFromCamera)
    #expect(pose.transformPoint(SIMD3(0, 0, -1)) == SIMD3(0, 2, 3))
    #expect(recording.frames[0].featurePoints?.points == [SIMD3(0.5, -0.25, -2)])
    guard case .object(let source) = recording.header.extras["source"],
      case .object(let comments) = source["comments"]
    else {
      Issue.record("source missing")
      return
    }
    #expect(comments["ARKit_camera_pose.txt:1"] == .string("# made by hand"))
    #expect(comments["ARKit_point_cloud.txt:1"] == .string("# p"))
  }
}
