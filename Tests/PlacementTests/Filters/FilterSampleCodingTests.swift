import Foundation
import Placement
import Testing

@Suite struct FilterSampleCodingTests {
  @Test func jsonRoundTrip() throws {
    let samples = [
      FilterSample(t: 0, x: 0.1, y: -2, z: 1e-5), FilterSample(t: 0.0333, x: 1.5, y: 0, z: 3),
    ]
    let text = FilterSampleCoding.encodeJSON(samples)
    #expect(text.hasPrefix("[\n  {\"t\":0.0,\"x\":0.1,\"y\":-2.0,\"z\":1e-05}"))
    let decoded = try FilterSampleCoding.decodeJSON(Data(text.utf8), source: "x.json")
    #expect(decoded.count == 2)
    for (a, b) in zip(decoded, samples) {
      #expect(a.t == b.t)
      #expect(Float(a.x) == Float(b.x) && Float(a.y) == Float(b.y) && Float(a.z) == Float(b.z))
    }
    #expect(FilterSampleCoding.encodeJSON([]) == "[]\n")
  }

  @Test(arguments: [
    ("{}", FilterSampleError.notAnArray(source: "log.json")),
    ("[1]", .elementNotObject(source: "log.json", index: 0)),
    (
      "[{\"t\":0,\"x\":0,\"y\":0,\"z\":0},{\"t\":1,\"x\":0,\"z\":0}]",
      .missingField(source: "log.json", index: 1, field: "y")
    ),
    (
      "[{\"t\":0,\"x\":\"0\",\"y\":0,\"z\":0}]",
      .invalidField(source: "log.json", index: 0, field: "x")
    ),
    (
      "[{\"t\":true,\"x\":0,\"y\":0,\"z\":0}]",
      .invalidField(source: "log.json", index: 0, field: "t")
    ),
  ])
  func jsonErrorsNameElementAndField(text: String, expected: FilterSampleError) {
    #expect(throws: expected) {
      try FilterSampleCoding.decodeJSON(Data(text.utf8), source: "log.json")
    }
  }

  @Test func invalidJSONIsReported() {
    #expect {
      try FilterSampleCoding.decodeJSON(Data("[{".utf8), source: "<stdin>")
    } throws: { error in
      guard case .invalidJSON(let source, _) = error as? FilterSampleError else { return false }
      return source == "<stdin>"
    }
  }

  @Test func csvWithHeaderAndBlankLines() throws {
    let text = "t,x,y,z\n0, 1, 2, 3\r\n\n0.5,4,5,6\n"
    let samples = try FilterSampleCoding.decodeCSV(text, source: "log.csv")
    #expect(
      samples == [FilterSample(t: 0, x: 1, y: 2, z: 3), FilterSample(t: 0.5, x: 4, y: 5, z: 6)])
  }

  @Test(arguments: [
    ("0,1,2\n", FilterSampleError.csvFieldCount(source: "log.csv", line: 1, count: 3)),
    (
      "0,1,2,3\n1,1,abc,3\n", .csvInvalidField(source: "log.csv", line: 2, field: "y", value: "abc")
    ),
    (
      "0,1,2,3\n\n1,nan,2,3\n",
      .csvInvalidField(source: "log.csv", line: 3, field: "x", value: "nan")
    ),
    // 1e39 is a finite Double but not a Float: refused, not filtered as infinity.
    (
      "0,1,2,3\n0.1,1e39,0,0\n",
      .positionBeyondFloatRange(source: "log.csv", place: "line 2, field x", value: 1e39)
    ),
  ])
  func csvErrorsNameLineAndField(text: String, expected: FilterSampleError) {
    #expect(throws: expected) { try FilterSampleCoding.decodeCSV(text, source: "log.csv") }
  }

  @Test func positionsBeyondFloatRangeAreRefused() {
    let json = #"[{"t":0,"x":0,"y":0,"z":0},{"t":1e39,"x":0,"y":0,"z":-4e38}]"#
    let error = #expect(throws: FilterSampleError.self) {
      try FilterSampleCoding.decodeJSON(Data(json.utf8), source: "log.json")
    }
    #expect(error == .positionBeyondFloatRange(source: "log.json", place: "[1].z", value: -4e38))
    #expect(
      error?.description
        == "log.json: [1].z: -4e+38 is beyond the range of Float (magnitude at most "
        + "3.4028235e+38), in which positions are filtered")
    // The largest Float itself is kept; t is a Double and may be larger.
    let edge = #"[{"t":1e39,"x":3.4028234663852886e38,"y":0,"z":0}]"#
    #expect((try? FilterSampleCoding.decodeJSON(Data(edge.utf8), source: "e"))?.count == 1)
  }

  /// Exponential with tau = Te = 0.1 s (alpha 0.5) on a unit step: 0, 0.5, 0.75. A repeated
  /// timestamp keeps the previous estimate.
  @Test func filteringSamples() throws {
    var filter = try AnyPositionFilter(name: "exponential", parameters: ["time-constant": "0.1"])
    let input = [
      FilterSample(t: 0, x: 0, y: 0, z: 0), FilterSample(t: 0.1, x: 1, y: 0, z: 0),
      FilterSample(t: 0.1, x: 9, y: 9, z: 9), FilterSample(t: 0.2, x: 1, y: 0, z: 0),
    ]
    let output = filter.filtered(input)
    #expect(output.map(\.x) == [0, 0.5, 0.5, 0.75])
    #expect(output.map(\.t) == input.map(\.t))
  }
}
