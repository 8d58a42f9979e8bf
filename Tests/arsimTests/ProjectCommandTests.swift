import Foundation
import Testing

@Suite("arsim project (end to end)")
struct ProjectCommandTests {
  @Test("Projects points from stdin by hand-computed pinhole values; null behind the camera")
  func project() throws {
    let result = try ArsimRunner.run(
      ["project", "--intrinsics", "1000,1000,960,720", "--image-size", "1920x1440"],
      stdin: "[[0.1, 0.2, -2], [0, 0, 3]]")
    #expect(result.status == 0, "\(result.stderr)")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Any])
    #expect(array.count == 2)
    // Continuous pixels: u = 960 + 0.5 + 1000*0.1/2 = 1010.5, v = 720 + 0.5 - 1000*0.2/2 = 620.5
    // (OpenCV's pixel coordinates would be 1010, 620).
    let uv = try #require(array[0] as? [Double])
    #expect(abs(uv[0] - 1010.5) < 1e-3 && abs(uv[1] - 620.5) < 1e-3)
    #expect(array[1] is NSNull)
  }

  @Test("A point in front whose pixel or camera position overflows is an error, never null")
  func overflowIsNotBehindTheCamera() throws {
    // fx = 1e300 and x/(-z) = 1e10: u = 960.5 + 1e310, beyond Double's largest (1.8e308). The
    // first point, x/(-z) = 1, gives u = 960.5 + 1e300 = 1e300.
    let pixel = try ArsimRunner.run(
      ["project", "--intrinsics", "1e300,1000,960,720"], stdin: "[[1, 0, -1], [1e10, 0, -1]]")
    #expect(pixel.status == 1)
    #expect(pixel.stdout.isEmpty)
    #expect(
      pixel.stderr
        == "arsim project: <stdin>: $[1]: the point is in front of the camera (depth 1.0 m) but "
        + "its image pixel is beyond Double's range (fx*x/(-z) or fy*y/(-z) overflows)\n")
    let first = try ArsimRunner.run(
      ["project", "--intrinsics", "1e300,1000,960,720"], stdin: "[[1, 0, -1]]")
    #expect(first.stdout == "[[1e+300,720.5]]\n", "\(first.stderr)")
    // The camera at x = 3e38 and a point at x = -3e38: x = -6e38 in camera space, beyond
    // Float's largest (3.4e38), in which the simulation transforms points.
    let camera = try ArsimRunner.run(
      [
        "project", "--intrinsics", "1000,1000,960,720", "--camera-transform",
        "1,0,0,0,0,1,0,0,0,0,1,0,3e38,0,0,1",
      ], stdin: "[[-3e38, 0, -1]]")
    #expect(camera.status == 1)
    #expect(
      camera.stderr
        == "arsim project: <stdin>: $[0]: the point is beyond Float's range in camera space (the "
        + "camera transform moves it past 3.4028235e+38 m)\n")
    // Behind the camera, and in front but nearer than the 1 mm near distance: null.
    let near = try ArsimRunner.run(
      ["project", "--intrinsics", "1000,1000,960,720"], stdin: "[[0, 0, 1], [0, 0, -0.0005]]")
    #expect(near.status == 0, "\(near.stderr)")
    #expect(near.stdout == "[null,null]\n")
  }

  @Test("A camera transform moves the camera (worldFromCamera, column-major)")
  func transform() throws {
    let result = try ArsimRunner.run(
      [
        "project", "--intrinsics", "1000,1000,960,720", "--camera-transform",
        "1,0,0,0,0,1,0,0,0,0,1,0,1,0,0,1",
      ],
      stdin: "[[1, 0, -1]]")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[Double]])
    // Straight ahead: the principal point, (960 + 0.5, 720 + 0.5) in continuous pixels.
    #expect(array == [[960.5, 720.5]])
  }

  /// The JSON object's numbers under `key`.
  static func matrix(_ stdout: String, _ key: String) throws -> [Double] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: [Double]])
    return try #require(object[key])
  }

  static let matrixCamera = [
    "project", "--intrinsics", "1000,800,100,50", "--image-size", "640x480", "--z-near", "0.1",
    "--z-far", "10",
  ]

  @Test("--projection-matrix, landscapeRight: column-major, the principal point + 0.5 in column 2")
  func projectionMatrixLandscape() throws {
    let result = try ArsimRunner.run(
      Self.matrixCamera + [
        "--projection-matrix", "--viewport", "640x480", "--interface-orientation", "landscapeRight",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    // Identity display transform; u = 100.5 + 1000 x/(-z), v = 50.5 - 800 y/(-z); NDC x = 2u/640 - 1,
    // NDC y = 1 - 2v/480; clip.w = -z; Metal depth: [10] = far/(near - far) = 10/(-9.9),
    // [14] = far·near/(near - far) = 1/(-9.9). Element [8] is column 2, row 0.
    let expected: [Double] = [
      2000.0 / 640, 0, 0, 0, 0, 1600.0 / 480, 0, 0, 1 - 201.0 / 640, 101.0 / 480 - 1, -10 / 9.9,
      -1, 0, 0, -1 / 9.9, 0,
    ]
    let m = try Self.matrix(result.stdout, "projectionMatrix")
    #expect(m.count == 16)
    for (index, (value, want)) in zip(m, expected).enumerated() {
      #expect(abs(value - want) < 1e-6, "element [\(index)]: \(value), expected \(want)")
    }
  }

  @Test("--projection-matrix and --view-matrix in portrait, worked by hand")
  func matricesPortrait() throws {
    let result = try ArsimRunner.run(
      Self.matrixCamera + [
        "--projection-matrix", "--view-matrix", "--viewport", "480x640",
        "--interface-orientation", "portrait", "--camera-transform",
        "1,0,0,0,0,1,0,0,0,0,1,0,1,2,3,1",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    // Portrait view space is (X, Y, Z) = (y_c, -x_c, z_c). A 480x640 viewport shows the rotated
    // 640x480 image exactly: x' = 1 - v/480, y' = u/640. So NDC x = 1 - 2v/480
    // = (1 - 101/480) + (1600/480) X/(-Z) and NDC y = 1 - 2u/640 = (1 - 201/640) + (2000/640) Y/(-Z):
    // clip.x = 3.333 X - (379/480) Z, clip.y = 3.125 Y - (439/640) Z.
    let expected: [Double] = [
      1600.0 / 480, 0, 0, 0, 0, 2000.0 / 640, 0, 0, -379.0 / 480, -439.0 / 640, -10 / 9.9, -1,
      0, 0, -1 / 9.9, 0,
    ]
    let projection = try Self.matrix(result.stdout, "projectionMatrix")
    for (index, (value, want)) in zip(projection, expected).enumerated() {
      #expect(abs(value - want) < 1e-6, "projection [\(index)]: \(value), expected \(want)")
    }
    // Camera at (1, 2, 3), no rotation: camera point = world - (1, 2, 3); view = (y_c, -x_c, z_c),
    // so world x -> view (0, -1, 0), world y -> (1, 0, 0), and the origin -> (-2, 1, -3).
    let view = try Self.matrix(result.stdout, "viewMatrix")
    #expect(view == [0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, -2, 1, -3, 1])
  }

  @Test("--view-matrix needs no intrinsics; landscapeLeft turns the camera half round")
  func viewMatrixAlone() throws {
    let result = try ArsimRunner.run([
      "project", "--view-matrix", "--interface-orientation", "landscapeLeft", "--camera-transform",
      "1,0,0,0,0,1,0,0,0,0,1,0,1,2,3,1",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    // Rz(-180°): (x, y, z) -> (-x, -y, z); the origin (-1, -2, -3) in camera space -> (1, 2, -3).
    #expect(
      try Self.matrix(result.stdout, "viewMatrix") == [
        -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 1, 2, -3, 1,
      ])
    #expect(!result.stdout.contains("projectionMatrix"))
  }

  @Test(
    "Matrix usage errors exit 64 and name the option",
    arguments: [
      (
        [
          "--projection-matrix", "--intrinsics", "1000,1000,960,720", "--viewport", "640x480",
          "--interface-orientation", "portrait",
        ],
        "--z-near"
      ),
      (
        [
          "--projection-matrix", "--intrinsics", "1000,1000,960,720", "--interface-orientation",
          "portrait", "--z-near", "1", "--z-far", "2",
        ], "--viewport"
      ),
      (
        [
          "--projection-matrix", "--viewport", "640x480", "--interface-orientation", "portrait",
          "--z-near", "1", "--z-far", "2",
        ], "--intrinsics"
      ),
      (
        [
          "--view-matrix", "--interface-orientation", "portrait", "--intrinsics",
          "1000,1000,960,720",
        ], "--intrinsics"
      ),
      (
        [
          "--projection-matrix", "--intrinsics", "1000,1000,960,720", "--viewport", "640x480",
          "--z-near", "1", "--z-far", "2",
        ],
        "--interface-orientation"
      ),
      (
        [
          "--projection-matrix", "--intrinsics", "1000,1000,960,720", "--viewport", "640x480",
          "--interface-orientation", "portrait",
          "--z-near", "1", "--z-far", "1",
        ], "--z-far"
      ),
      (
        [
          "--projection-matrix", "--intrinsics", "1000,1000,960,720", "--viewport", "640x480",
          "--interface-orientation", "portrait",
          "--z-near", "0", "--z-far", "1",
        ], "--z-near"
      ),
      (["--viewport", "640x480"], "--viewport"),
      (["--z-near", "0.1"], "--z-near"),
      (["--view-matrix", "--interface-orientation", "portrait", "--z-far", "3"], "--z-far"),
      (["--view-matrix", "--interface-orientation", "sideways"], "--interface-orientation"),
      (["--view-matrix", "--interface-orientation", "portrait", "points.json"], "input file"),
      (
        [
          "--view-matrix", "--interface-orientation", "portrait", "--camera-transform",
          "2,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1",
        ], "--camera-transform"
      ),
    ])
  func matrixUsageErrors(arguments: [String], option: String) throws {
    let result = try ArsimRunner.run(["project"] + arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(option), "\(result.stderr)")
  }

  @Test(
    "Bad input exits 1 and names the element",
    arguments: [
      ("[[0,0,-1],[1,2]]", "$[1]"), ("[[0,0,-1],[1,true,3]]", "$[1][1]"), ("{\"a\":1}", "$"),
      ("[[0,0", "<stdin>:1:6: expected ',' or ']', got end of input"),
    ])
  func badInput(input: String, place: String) throws {
    let result = try ArsimRunner.run(
      ["project", "--intrinsics", "1000,1000,960,720"], stdin: input)
    #expect(result.status == 1)
    #expect(result.stderr.contains(place), "\(result.stderr)")
  }

  @Test("Missing intrinsics is a usage error")
  func missingIntrinsics() throws {
    let result = try ArsimRunner.run(["project"], stdin: "[]")
    #expect(result.status == 64)
    #expect(result.stderr.contains("--intrinsics"))
  }
}
