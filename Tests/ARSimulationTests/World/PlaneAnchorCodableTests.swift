import Foundation
import SpatialMath
import Testing

@testable import ARSimulation

@Suite struct PlaneAnchorCodableTests {
  /// The DESIGN §7 sample plane: a vertical plane whose local +y is world +z (rotation of +90°
  /// about x: columns (1,0,0), (0,0,1), (0,-1,0)), at (0.1, 1.2, -2).
  static let sample = """
    { "identifier": "3F2A", "transform": [1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1],
      "center": [0, 0, 0], "extent": { "width": 0.8, "height": 0.3, "rotationOnYAxis": 0 },
      "boundary": [[-0.4, 0, -0.15], [0.4, 0, -0.15], [0.4, 0, 0.15], [-0.4, 0, 0.15]],
      "alignment": "vertical", "classification": "none" }
    """

  func decode(_ json: String) throws -> PlaneAnchor {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return try decoder.decode(PlaneAnchor.self, from: Data(json.utf8))
  }

  @Test func decodesTheDesignSample() throws {
    let anchor = try decode(Self.sample)
    #expect(anchor.identifier == "3F2A")
    #expect(anchor.alignment == .vertical)
    #expect(anchor.classification == PlaneAnchor.Classification.none)
    #expect(anchor.worldNormal == SIMD3(0, 0, 1))
    #expect(anchor.worldPosition.isApproximatelyEqual(to: SIMD3(0.1, 1.2, -2), tolerance: 1e-6))
    #expect(anchor.extent.width == 0.8 && anchor.extent.height == 0.3)
    #expect(anchor.boundary.vertices.count == 4)
    // World (0.1 + 0.3, 1.2, -2) is local x = 0.3 (column 0 is world +x).
    #expect(
      anchor.localPoint(fromWorld: SIMD3(0.4, 1.2, -2)).isApproximatelyEqual(
        to: SIMD3(0.3, 0, 0), tolerance: 1e-6))
  }

  @Test func roundTripsThroughSortedJSON() throws {
    let anchor = try decode(Self.sample)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(anchor)
    let again = try JSONDecoder().decode(PlaneAnchor.self, from: data)
    #expect(again == anchor)
    let text = String(decoding: data, as: UTF8.self)
    for key in [
      "identifier", "transform", "center", "extent", "boundary", "alignment",
      "classification", "rotationOnYAxis",
    ] {
      #expect(text.contains("\"\(key)\""))
    }
  }

  @Test func acceptsClockwiseBoundaryAndTiltedNormalLabelledVertical() throws {
    // Rotation of 30° about x: the normal (0, cos 30°, sin 30°) is neither horizontal nor vertical.
    let c = Float(cos(Double.pi / 6))
    let s = Float(sin(Double.pi / 6))
    let json = """
      { "identifier": "tilted", "transform": [1,0,0,0, 0,\(c),\(s),0, 0,\(-s),\(c),0, 0,0,-1,1],
        "extent": { "width": 1, "height": 1 },
        "boundary": [[-0.5,0,0.5],[0.5,0,0.5],[0.5,0,-0.5],[-0.5,0,-0.5]],
        "alignment": "vertical" }
      """
    let anchor = try decode(json)
    #expect(anchor.alignment == .vertical)
    #expect(anchor.boundary.contains(localPoint: SIMD3(0.4, 0, -0.4)))
    #expect(anchor.classification == PlaneAnchor.Classification.none)
  }

  /// Replaces `field` in the sample and expects a `DecodingError` whose coding path starts with
  /// `path`.
  static let rejections: [(String, String, String, [String])] = [
    (
      "scaled transform", #""transform": [1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]"#,
      #""transform": [2,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]"#, ["transform"]
    ),
    (
      "reflection", #""transform": [1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]"#,
      #""transform": [-1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]"#, ["transform"]
    ),
    (
      "NaN transform", #""transform": [1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]"#,
      #""transform": [1,0,0,0, 0,0,1,0, 0,-1,0,0, "nan",1.2,-2,1]"#, ["transform"]
    ),
    (
      "15 numbers", #""transform": [1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]"#,
      #""transform": [1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2]"#, ["transform"]
    ),
    ("NaN center", #""center": [0, 0, 0]"#, #""center": [0, "nan", 0]"#, ["center"]),
    ("zero width", #""width": 0.8"#, #""width": 0"#, ["extent", "width"]),
    ("overflowing width", #""width": 0.8"#, #""width": 1e39"#, ["extent", "width"]),
    ("negative height", #""height": 0.3"#, #""height": -0.3"#, ["extent", "height"]),
    (
      "two vertices", #"[[-0.4, 0, -0.15], [0.4, 0, -0.15], [0.4, 0, 0.15], [-0.4, 0, 0.15]]"#,
      #"[[-0.4, 0, -0.15], [0.4, 0, -0.15]]"#, ["boundary"]
    ),
    (
      "concave", #"[[-0.4, 0, -0.15], [0.4, 0, -0.15], [0.4, 0, 0.15], [-0.4, 0, 0.15]]"#,
      #"[[-0.4, 0, -0.15], [0.4, 0, -0.15], [0, 0, -0.1], [-0.4, 0, 0.15]]"#, ["boundary"]
    ),
    (
      "bow tie", #"[[-0.4, 0, -0.15], [0.4, 0, -0.15], [0.4, 0, 0.15], [-0.4, 0, 0.15]]"#,
      #"[[-0.4, 0, -0.15], [0.4, 0, 0.15], [0.4, 0, -0.15], [-0.4, 0, 0.15]]"#, ["boundary"]
    ),
    ("unknown alignment", #""alignment": "vertical""#, #""alignment": "diagonal""#, ["alignment"]),
    (
      "unknown classification", #""classification": "none""#, #""classification": "sofa""#,
      ["classification"]
    ),
  ]

  @Test(arguments: rejections.indices)
  func rejects(index: Int) {
    let (name, original, replacement, path) = Self.rejections[index]
    let json = Self.sample.replacingOccurrences(of: original, with: replacement)
    #expect(json != Self.sample, "fixture edit did not apply: \(name)")
    do {
      _ = try decode(json)
      Issue.record("\(name): decoded, expected an error")
    } catch let error as DecodingError {
      let codingPath: [any CodingKey]
      switch error {
      case .dataCorrupted(let c), .typeMismatch(_, let c), .valueNotFound(_, let c),
        .keyNotFound(_, let c):
        codingPath = c.codingPath
      @unknown default: codingPath = []
      }
      #expect(Array(codingPath.map(\.stringValue).prefix(path.count)) == path, "\(name): \(error)")
    } catch {
      Issue.record("\(name): unexpected error \(error)")
    }
  }

  @Test func featurePointsRoundTripAndRejectMismatchedCounts() throws {
    let cloud = try! FeaturePointCloud(
      points: [SIMD3(1, 2, 3), SIMD3(-1, 0, 0.5)], identifiers: [7, 9])
    let data = try JSONEncoder().encode(cloud)
    #expect(try JSONDecoder().decode(FeaturePointCloud.self, from: data) == cloud)
    let overflow = #"{"points": [[0, 1e39, 0]]}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(FeaturePointCloud.self, from: Data(overflow.utf8))
    }
    let bad = #"{"points": [[0, 0, 0]], "identifiers": [1, 2]}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(FeaturePointCloud.self, from: Data(bad.utf8))
    }
  }

  @Test func frameWorldUsesRecordingFieldNames() throws {
    let json =
      #"{"planes": [\#(Self.sample)], "featurePoints": {"points": [[0, 1, 2]], "identifiers": [5]}}"#
    let world = try JSONDecoder().decode(FrameWorld.self, from: Data(json.utf8))
    #expect(world.planeAnchors.count == 1)
    #expect(world.featurePoints.identifiers == [5])
    #expect(world.planeAnchor(identifier: "3F2A") != nil)
  }
}
