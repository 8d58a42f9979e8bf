import Foundation
import SpatialMath
import Testing
import _TestSupport

@testable import SceneFormat

@Suite struct ARCoreDataLoggerImporterTests {
  static let portrait = RecordingDisplayGeometry(rotation: .rotation0, width: 1080, height: 2400)

  static func importer(sensorOrientation: Int = 90) -> ARCoreDataLoggerImporter {
    ARCoreDataLoggerImporter(
      focalLengthPixels: SIMD2(1450, 1450), principalPointPixels: SIMD2(959.5, 539.5),
      imageResolution: Size(width: 1920, height: 1080), displayGeometry: portrait,
      sensorOrientationDegrees: sensorOrientation)
  }

  func writeSource(_ poses: String, points: String? = nil) throws -> URL {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    try Data(poses.utf8).write(
      to: directory.appendingPathComponent(ARCoreDataLoggerImporter.poseFileName))
    if let points {
      try Data(points.utf8).write(
        to: directory.appendingPathComponent(ARCoreDataLoggerImporter.pointCloudFileName))
    }
    return directory
  }

  /// The identity sensor pose (a portrait phone upright, screen towards +z) at (1, 2, 3): with the
  /// usual 90° sensor the camera's +x (image rows) points down the phone (-y), its +y to the
  /// phone's right (+x), and it looks along -z (out of the back); with 270° both turn round.
  @Test(arguments: [
    (90, [0.0, -1, 0, 0, 1, 0, 0, 0]),
    (270, [0.0, 1, 0, 0, -1, 0, 0, 0]),
    (0, [1.0, 0, 0, 0, 0, 1, 0, 0]),
  ])
  func identitySensorPoseGivesTheCameraAxesByHand(sensorOrientation: Int, xy: [Double]) throws {
    let directory = try writeSource("# h\n1000000000 0 0 0 1 1 2 3\n")
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = try Self.importer(sensorOrientation: sensorOrientation)
      .importRecording(directory: directory.path)
    #expect(recording.frames.count == 1)
    #expect(recording.frames[0].timestamp == 1)
    #expect(recording.frames[0].camera.transform == xy + [0, 0, 1, 0, 1, 2, 3, 1])
    #expect(recording.header.platform == .arcore)
    #expect(recording.header.arcore?.sensorOrientation == sensorOrientation)
    #expect(recording.header.arcore?.displayGeometry == Self.portrait)
  }

  /// Seeded camera poses -> logged sensor poses (quaternion and translation, 9 decimals) ->
  /// importer -> the same camera poses.
  @Test(arguments: [90, 270])
  func cameraPosesRoundTripThroughTheLoggedSensorPose(sensorOrientation: Int) throws {
    var random = SplitMix64(seed: 2719)
    let importer = Self.importer(sensorOrientation: sensorOrientation)
    var lines = ["# seeded camera poses"]
    var cameras: [[Double]] = []
    for index in 0..<20 {
      let axis = try #require(
        SIMD3<Float>(
          Float(random.uniform(-1...1)), Float(random.uniform(-1...1)),
          Float(random.uniform(-1...1))
        ).normalized())
      let rotation = Quaternion(angle: .degrees(random.uniform(-180...180)), axis: axis)
      let translation = SIMD3(
        random.uniform(-2...2), random.uniform(-2...2), random.uniform(-2...2))
      let camera = Matrix4x4(
        rotation: rotation.rotationMatrix, translation: SIMD3<Float>(translation)
      ).columnMajor.map(Double.init)
      cameras.append(camera)
      let sensor = importer.worldFromSensor(worldFromCamera: camera)
      let q = try Quaternion(
        rotationMatrix: Matrix4x4(columnMajor: sensor.map(Float.init)).upperLeft3x3)
      let numbers = [q.imag.x, q.imag.y, q.imag.z, q.real].map(Double.init) + sensor[12..<15]
      lines.append(
        "\(1_000_000 * (index + 1)) "
          + numbers.map { String(format: "%.9f", $0) }.joined(separator: " "))
    }
    let directory = try writeSource(lines.joined(separator: "\n") + "\n")
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = try importer.importRecording(directory: directory.path)
    #expect(recording.frames.count == cameras.count)
    for (frame, camera) in zip(recording.frames, cameras) {
      let worst = zip(frame.camera.transform, camera).map { abs($0 - $1) }.max() ?? 0
      #expect(worst < 1e-6, "\(frame.camera.transform) vs \(camera)")
    }
  }

  @Test(
    .enabled(if: RealData.arcore.testsRun, "real data missing and ARSIM_ALLOW_MISSING_REAL_DATA=1"))
  func importsTheRealLoggerSession() throws {
    let directory = try RealData.arcore.requireDirectory().path
    let recording = try Self.importer().importRecording(directory: directory)
    #expect(recording.frames.count == 666)
    // First line: 15492865785374 ns, q = (-0.234327, 0.253666, 0.046505, 0.937327),
    // t = (-0.108027, 0.009575, 0.094321).
    #expect(recording.frames[0].timestamp == 15492865785374.0 / 1e9)
    let q = Quaternion(imag: SIMD3(-0.234327, 0.253666, 0.046505), real: 0.937327)
    let camera = try #require(recording.frames[0].camera.worldFromCamera)
    // The camera's axes are the sensor frame's -y, +x and +z, rotated by q.
    for (column, sensorAxis) in [
      (0, SIMD3<Float>(0, -1, 0)), (1, SIMD3(1, 0, 0)), (2, SIMD3(0, 0, 1)),
    ] {
      let c = [camera.columns.0, camera.columns.1, camera.columns.2][column]
      let expected = q.act(sensorAxis)
      #expect(SIMD3(c.x, c.y, c.z).distance(to: expected) < 1e-5)
    }
    #expect(camera.translation == SIMD3(-0.108027, 0.009575, 0.094321))
    let cloud = try #require(recording.frames[0].featurePoints)
    #expect(cloud.points.count == 5421)
    #expect(cloud.points[0] == SIMD3(-0.295103, -0.260694, -0.482853))
    guard case .array(let colors) = cloud.extras["colorsRGB"] else {
      Issue.record("colours missing")
      return
    }
    #expect(colors[0] == .array([.number(73), .number(62), .number(32)]))
    // The back camera looks at what it mapped: the cloud's centroid is in front of the camera
    // (camera z < 0) on nearly every frame; with the sensor's +z taken as the view direction it
    // would be behind.
    let centroid = cloud.points.reduce(SIMD3<Double>.zero, +) / Double(cloud.points.count)
    let inFront = recording.frames.filter { frame in
      guard let pose = frame.camera.worldFromCamera?.inverted() else { return false }
      return pose.transformPoint(SIMD3<Float>(centroid)).z < 0
    }
    #expect(Double(inFront.count) / Double(recording.frames.count) > 0.9)
  }

  @Test(arguments: [
    (
      "# h\n1000 0 0 0 1 0 0 0\n2000 0 0 0 1 0 0\n",
      "ARCore_sensor_pose.txt:3: expected 8 numbers (timestamp q_x q_y q_z q_w t_x t_y t_z), got 7"
    ),
    (
      "# h\n1000 0 0 0 2 0 0 0\n",
      "ARCore_sensor_pose.txt:2: the quaternion's length is 2, not 1 (tolerance 0.001)"
    ),
    (
      "# h\n2000 0 0 0 1 0 0 0\n1000 0 0 0 1 0 0 0\n",
      "ARCore_sensor_pose.txt:3: timestamps must be strictly increasing, got 1000 after 2000"
    ),
    ("# only a header\n", "ARCore_sensor_pose.txt: no pose lines"),
  ])
  func reportsMalformedPoseLinesByFileAndLine(poses: String, expected: String) throws {
    let directory = try writeSource(poses)
    defer { try? FileManager.default.removeItem(at: directory) }
    let error = #expect(throws: InputFileError.self) {
      try Self.importer().importRecording(directory: directory.path)
    }
    #expect(error?.description == expected)
  }

  @Test func reportsMalformedPointLines() throws {
    let directory = try writeSource("# h\n1000 0 0 0 1 0 0 0\n", points: "# p\n1 2 3 4 5\n")
    defer { try? FileManager.default.removeItem(at: directory) }
    let error = #expect(throws: InputFileError.self) {
      try Self.importer().importRecording(directory: directory.path)
    }
    #expect(
      error?.description == "ARCore_point_cloud.txt:2: expected 6 numbers (x y z R G B), got 5")
  }
}
