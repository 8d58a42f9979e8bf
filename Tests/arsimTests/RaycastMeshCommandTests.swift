import Foundation
import SceneFormat
import Testing
import _TestSupport

@testable import arsim

@Suite("arsim raycast --mesh (end to end)")
struct RaycastMeshCommandTests {
  /// A 2 x 2 m quad at z = -2 (one polygon: fan triangles 0 = v1 v2 v3 below the diagonal y = x
  /// and 1 = v1 v3 v4 above it) and a small triangle 2 at z = -1 around the axis.
  static let obj = """
    # a quad and a triangle
    v -1 -1 -2
    v 1 -1 -2
    v 1 1 -2
    v -1 1 -2
    vn 0 0 1
    v -0.1 -0.1 -1
    v 0.1 -0.1 -1
    v 0 0.1 -1
    f 1//1 2//1 3//1 4//1
    f -3 -2 -1
    """

  static let vertices: [[Float]] = [
    [-1, -1, -2], [1, -1, -2], [1, 1, -2], [-1, 1, -2], [-0.1, -0.1, -1], [0.1, -0.1, -1],
    [0, 0.1, -1],
  ]

  static func ply(ascii: Bool) -> [UInt8] {
    var header = """
      ply
      format \(ascii ? "ascii" : "binary_little_endian") 1.0
      comment a quad and a triangle
      element vertex 7
      property float x
      property float y
      property float z
      property uchar red
      element face 2
      property list uchar int vertex_indices
      end_header

      """
    if ascii {
      for v in vertices { header += "\(v[0]) \(v[1]) \(v[2]) 255\n" }
      header += "4 0 1 2 3\n3 4 5 6\n"
      return Array(header.utf8)
    }
    var bytes = Array(header.utf8)
    for v in vertices {
      for c in v { withUnsafeBytes(of: c.bitPattern.littleEndian) { bytes += $0 } }
      bytes.append(255)
    }
    for face in [[0, 1, 2, 3], [4, 5, 6]] as [[Int32]] {
      bytes.append(UInt8(face.count))
      for i in face { withUnsafeBytes(of: i.littleEndian) { bytes += $0 } }
    }
    return bytes
  }

  /// Rays from the origin: below the diagonal, above it, along the axis (the near triangle),
  /// and away.
  static let rays: [[Float]] = [
    [0, 0, 0, 0.5, -0.5, -2], [0, 0, 0, -0.5, 0.5, -2], [0, 0, 0, 0, 0, -1], [0, 0, 0, 0, 0, 1],
  ]

  func output(_ url: URL, count: Int) throws -> (t: [Float], index: [Int32]) {
    let data = try Data(contentsOf: url)
    #expect(data.count == 8 * count)
    return data.withUnsafeBytes { b in
      (
        (0..<count).map {
          Float(
            bitPattern: UInt32(
              littleEndian: b.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self)))
        },
        (0..<count).map {
          Int32(littleEndian: b.loadUnaligned(fromByteOffset: 4 * (count + $0), as: Int32.self))
        }
      )
    }
  }

  @Test("OBJ, ASCII PLY and binary PLY of one mesh: fan triangles in file order, same bytes")
  func meshFormatsAgree() throws {
    let dir = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let raysURL = dir.appendingPathComponent("rays.bin")
    var rayBytes = Data()
    for v in Self.rays.joined() {
      withUnsafeBytes(of: v.bitPattern.littleEndian) { rayBytes.append(contentsOf: $0) }
    }
    try rayBytes.write(to: raysURL)
    var outputs: [Data] = []
    for (name, bytes) in [
      ("mesh.obj", Array(Self.obj.utf8)), ("ascii.ply", Self.ply(ascii: true)),
      ("binary.ply", Self.ply(ascii: false)),
    ] {
      let mesh = dir.appendingPathComponent(name)
      try Data(bytes).write(to: mesh)
      let out = dir.appendingPathComponent("\(name).out")
      let result = try ArsimRunner.run([
        "raycast", "--mesh", mesh.path, "--rays", raysURL.path, "--output", out.path, "--json",
      ])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      let summary = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      #expect(summary["triangles"] as? Int == 3 && summary["hits"] as? Int == 3, "\(name)")
      #expect((summary["buildSeconds"] as? Double ?? -1) >= 0, "\(name)")
      let (t, index) = try output(out, count: 4)
      #expect(index == [0, 1, 2, -1], "\(name)")
      // |(0.5, -0.5, -2)| = sqrt(4.5); the axis ray meets z = -1 at t = 1.
      #expect(abs(t[0] - Float(4.5).squareRoot()) < 1e-6 && abs(t[1] - t[0]) < 1e-6)
      #expect(t[2] == 1 && t[3] == .infinity)
      outputs.append(try Data(contentsOf: out))
    }
    #expect(outputs.allSatisfy { $0 == outputs[0] })
  }

  @Test("Full frame on a mesh: every pixel hits the quad behind the small triangle")
  func fullFrame() throws {
    let dir = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let mesh = dir.appendingPathComponent("mesh.obj")
    try Data(Self.obj.utf8).write(to: mesh)
    let out = dir.appendingPathComponent("out.bin")
    // fx = 200 over 8x8 pixels: the outermost centre is 0.0175 rad off axis on each axis,
    // inside the small triangle (its slanted edges pass x = +-0.041 at y = 0.0175).
    let result = try ArsimRunner.run([
      "raycast", "--mesh", mesh.path, "--full-frame", "8x8", "--intrinsics", "200,200,3.5,3.5",
      "--output", out.path, "--threads", "2",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("triangles 3") && result.stdout.contains("hits 64"))
    let (t, index) = try output(out, count: 64)
    #expect(index.allSatisfy { $0 == 2 })
    #expect(t.allSatisfy { $0 >= 1 && $0 < 1.001 })
  }

  @Test("Bad meshes exit 1 naming file and line or element; misused options exit 64")
  func badInput() throws {
    let dir = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let truncated = Array(Self.ply(ascii: false).dropLast(3))
    for (name, bytes, message) in [
      (
        "a.obj", Array("v 0 0 0\nv 1 0 0\nv 1 x 0\n".utf8),
        "a.obj:3: vertex coordinate 'x' is not a finite number"
      ),
      (
        "b.obj", Array("v 0 0 0\nv 1 0 0\nf 1 2 3\n".utf8),
        "b.obj:3: face vertex index 3 is out of range"
      ),
      ("c.obj", Array("v 0 0 0\nv 1 0 0\nf 1 2\n".utf8), "c.obj:3: face needs at least 3 vertices"),
      ("d.ply", truncated, "d.ply: face 1: the file ends inside this element"),
      (
        "e.ply", Array("ply\nformat binary_big_endian 1.0\nend_header\n".utf8),
        "e.ply:2: format 'binary_big_endian 1.0' is not supported"
      ),
      (
        "f.ply",
        Array("ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nend_header\n0\n".utf8),
        "f.ply: vertex element needs scalar x, y and z"
      ),
    ] as [(String, [UInt8], String)] {
      let url = dir.appendingPathComponent(name)
      try Data(bytes).write(to: url)
      let r = try ArsimRunner.run([
        "raycast", "--mesh", url.path, "--full-frame", "2x2", "--intrinsics", "1,1,1,1",
      ])
      #expect(r.status == 1 && r.stderr.contains(message), "\(name): \(r.stderr)")
    }
    let mesh = dir.appendingPathComponent("mesh.obj")
    try Data(Self.obj.utf8).write(to: mesh)
    let frame = ["--full-frame", "2x2", "--intrinsics", "1,1,1,1"]
    for arguments in [
      ["--mesh", mesh.path, "--planes", mesh.path] + frame, ["--mesh", mesh.path],
      ["--mesh", mesh.path, "--target", "existingPlaneInfinite"] + frame,
      ["--mesh", mesh.path, "--back-faces"] + frame, frame,
    ] {
      let r = try ArsimRunner.run(["raycast"] + arguments)
      #expect(r.status == 64, "\(arguments): \(r.stderr)")
    }
  }

  @Test("MeshFile writes OBJ and PLY that read back to the same vertices and triangles")
  func writtenMeshesRoundTrip() throws {
    let mesh = MeshFile(
      vertices: [SIMD3(0.1, -2.5e-7, 3), SIMD3(1, 0, 0), SIMD3(0, 1, 0.3333333)],
      indices: [0, 1, 2, 2, 1, 0])
    for bytes in [mesh.objBytes(), mesh.plyBytes(), mesh.plyBytes(ascii: true)] {
      #expect(try MeshFile(bytes: bytes, name: "m") == mesh)
    }
  }
}
