import SceneFormat
import SpatialMath

extension TopDownRenderer {
  /// The truth surfaces seen from above: every distinct triangle edge of each surface
  /// (`FrameRenderer.edges(of:)`) at its world (x, z), one faint thin path per surface under
  /// every other mark, so curved and tilted surfaces show their shape (a cylindrical panel's
  /// segments crowd where it turns away from vertical). Edges whose ends map to the same point
  /// (vertical edges) are left out.
  func drawTruthSurfaces(into svg: inout SVGDocument, capture: ReplayCapture, mapping: Mapping) {
    let surfaces = capture.frame.truthSurfaces
    guard !surfaces.isEmpty else { return }
    svg.beginGroup("id=\"\(idPrefix)truth-surfaces\"")
    for surface in surfaces {
      let points = surface.vertices.map { mapping.point(x: $0.x, z: $0.z) }
      let segments = FrameRenderer.edges(of: surface).compactMap { i, j -> (Point, Point)? in
        let (a, b) = (points[i], points[j])
        guard a.isFinite, b.isFinite, a.distance(to: b) >= 0.01 else { return nil }
        return (a, b)
      }
      svg.segments(
        segments,
        style:
          "class=\"truth-surface\" fill=\"none\" stroke=\"\(RenderStyle.meshFromAbove)\" stroke-opacity=\"0.7\" stroke-width=\"0.75\""
      )
    }
    svg.endGroup()
  }
}
