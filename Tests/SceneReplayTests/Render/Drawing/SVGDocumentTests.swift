import SceneFormat
import SpatialMath
import Testing

@testable import SceneReplay

@Suite("SVGDocument")
struct SVGDocumentTests {
  @Test(arguments: [
    (0.0, "0"), (12.5, "12.5"), (100, "100"), (-2.25, "-2.25"), (0.05, "0.05"),
    (3.14159, "3.14"), (-0.001, "0"), (1e-12, "0"), (Double.nan, "0"), (7.999, "8"),
  ])
  func numbersHaveAtMostTwoDecimals(value: Double, expected: String) {
    #expect(SVGDocument.number(value) == expected)
  }

  @Test func textIsEscaped() {
    #expect(
      SVGDocument.escaped("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
    #expect(SVGDocument.escaped("x\u{01}y") == "xy")
  }

  @Test func documentIsWellFormedAndKeepsOrder() {
    var svg = SVGDocument(width: 100, height: 50)
    svg.rect(Rect(x: 10, y: 40, width: 20, height: -30), style: "fill=\"red\"")
    svg.beginGroup("id=\"g\"")
    svg.text("<&>", at: Point(x: 1, y: 2))
    svg.polyline([Point(x: 0, y: 0)], style: "stroke=\"blue\"")  // one point: nothing drawn
    svg.endGroup()
    let markup = svg.markup
    #expect(RenderTestSupport.isWellFormedXML(markup))
    // A negative height is standardized: y = 40 - 30.
    #expect(markup.contains("<rect x=\"10\" y=\"10\" width=\"20\" height=\"30\" fill=\"red\"/>"))
    #expect(markup.contains("&lt;&amp;&gt;"))
    #expect(!markup.contains("polyline"))
    #expect(
      markup.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50\""))
  }
}
