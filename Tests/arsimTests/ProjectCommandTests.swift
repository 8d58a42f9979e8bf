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
