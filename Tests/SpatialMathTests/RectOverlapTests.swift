import SpatialMath
import Testing

@Suite("Rect intersection over union")
struct RectOverlapTests {
  @Test(
    "Hand-worked IoU",
    arguments: [
      // Overlap 1x1 = 1, union 4 + 4 - 1 = 7.
      (Rect(x: 0, y: 0, width: 2, height: 2), Rect(x: 1, y: 1, width: 2, height: 2), 1.0 / 7),
      // Contained: 4 / 16.
      (Rect(x: 0, y: 0, width: 4, height: 4), Rect(x: 1, y: 1, width: 2, height: 2), 0.25),
      // Identical.
      (
        Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4),
        Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4), 1
      ),
      // Disjoint, and touching along an edge (zero-area overlap).
      (Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: 3, y: 3, width: 1, height: 1), 0),
      (Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: 1, y: 0, width: 1, height: 1), 0),
      // Half-overlapping strips: overlap 0.5 x 1, union 1.5.
      (Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: 0.5, y: 0, width: 1, height: 1), 1.0 / 3),
      // A negative-size rect is standardized: (2, 2, -2, -2) is (0, 0, 2, 2).
      (Rect(x: 2, y: 2, width: -2, height: -2), Rect(x: 1, y: 1, width: 2, height: 2), 1.0 / 7),
    ] as [(Rect, Rect, Double)])
  func handWorked(a: Rect, b: Rect, expected: Double) {
    #expect(abs(a.intersectionOverUnion(with: b) - expected) < 1e-12)
    #expect(abs(b.intersectionOverUnion(with: a) - expected) < 1e-12)
  }

  @Test("Scaling the axes (normalized to model pixels) keeps the IoU")
  func scaleInvariant() {
    let a = Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.25)
    let b = Rect(x: 0.2, y: 0.3, width: 0.3, height: 0.3)
    let normalized = a.intersectionOverUnion(with: b)
    let pixels = a.scaled(x: 416, y: 234).intersectionOverUnion(with: b.scaled(x: 416, y: 234))
    // Overlap 0.2 x 0.15 = 0.03, union 0.075 + 0.09 - 0.03 = 0.135.
    #expect(abs(normalized - 0.03 / 0.135) < 1e-12)
    #expect(abs(pixels - normalized) < 1e-12)
  }

  @Test("Degenerate and non-finite rects give 0")
  func degenerate() {
    let empty = Rect(x: 0.5, y: 0.5, width: 0, height: 0)
    #expect(empty.intersectionOverUnion(with: empty) == 0)
    let nan = Rect(x: .nan, y: 0, width: 1, height: 1)
    #expect(nan.intersectionOverUnion(with: .unit) == 0)
    #expect(Rect.unit.intersectionOverUnion(with: nan) == 0)
  }
}
