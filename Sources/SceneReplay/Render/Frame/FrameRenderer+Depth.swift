import ARSimulation
import Foundation
import SpatialMath

extension FrameRenderer {
  /// Which of a frame's depth maps the picture draws (``FrameRenderer/depthLayer``).
  public enum DepthLayer: String, Sendable, Hashable, CaseIterable {
    /// The recorded depth (`ARFrame.sceneDepth`).
    case sceneDepth
    /// The recorded smoothed depth (`ARFrame.smoothedSceneDepth`).
    case smoothedSceneDepth

    /// The frame's map of this kind, or `nil` when the frame has none.
    public func depth(in frame: FrameSnapshot) -> DepthData? {
      switch self {
      case .sceneDepth: frame.sceneDepth
      case .smoothedSceneDepth: frame.smoothedSceneDepth
      }
    }
  }

  /// The colour map of the depth layer.
  static let depthRamp = ColorRamp.viridis

  /// The depths the colour map spans: round tick values (`AxisTicks`, about 5 intervals, at
  /// least 0.1 m) enclosing the map's returns, or `nil` for a map without returns.
  static func depthScale(of map: DepthMap) -> AxisTicks? {
    var low = Float.infinity
    var high = -Float.infinity
    for z in map.depthMeters where z > 0 {
      low = min(low, z)
      high = max(high, z)
    }
    guard low <= high else { return nil }
    return AxisTicks(covering: Double(low), Double(high), targetCount: 4, minimumSpan: 0.1)
  }

  /// Depth-map pixels (continuous, top-left origin: pixel `(c, r)` covers `[c, c+1) x [r, r+1)`)
  /// to image-normalized coordinates for a `width` x `height` map: `(c / width, r / height)`.
  /// The map spans the captured image in its landscape orientation, so depth pixel `(c, r)`
  /// covers image pixels `[c*s, (c+1)*s) x [r*t, (r+1)*t)` with `s = imageWidth / width`,
  /// `t = imageHeight / height`, which are these normalized coordinates times the image size.
  static func imageNormalizedFromDepthPixel(width: Int, height: Int) -> AffineTransform2D {
    AffineTransform2D(scaleX: 1 / Double(width), y: 1 / Double(height))
  }

  /// The depth map as PNG bytes: palette index 0 (transparent) where there is no return, else
  /// index `1 + round(254 t)` with `t` the depth's place in `scale` (clamped), the colour of the
  /// ramp at `(index - 1) / 254`.
  ///
  /// - Complexity: O(width x height).
  static func depthPNG(_ map: DepthMap, scale: AxisTicks) -> [UInt8] {
    var palette = [PNGEncoder.Color(red: 0, green: 0, blue: 0, alpha: 0)]
    palette += (0..<255).map { depthRamp.color(at: Double($0) / 254) }
    let lower = scale.lower
    let span = scale.upper - scale.lower
    let pixels = map.depthMeters.map { z -> UInt8 in
      guard z > 0 else { return 0 }
      let t = min(max((Double(z) - lower) / span, 0), 1)
      return UInt8(1 + (t * 254).rounded())
    }
    return PNGEncoder.indexedImage(
      width: map.width, height: map.height, pixels: pixels, palette: palette)
  }

  /// The depth layer: the chosen map as an inline PNG over the unit square of image-normalized
  /// space, placed by `toUnits` (the display transform to user units, the one the camera image
  /// and every mark use), pixels drawn as squares without smoothing; no-return pixels are
  /// transparent, so the camera image shows through. Nothing for a frame without the map.
  func drawDepth(into svg: inout SVGDocument, frame: FrameSnapshot, toUnits: AffineTransform2D) {
    guard let depthLayer, let map = depthLayer.depth(in: frame)?.depthMap,
      let scale = Self.depthScale(of: map)
    else { return }
    let png = Self.depthPNG(map, scale: scale)
    let t = toUnits
    let matrix = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(SVGDocument.number).joined(separator: " ")
    svg.append(
      raw:
        "<image id=\"\(idPrefix)depth\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" x=\"0\" y=\"0\" width=\"1\" height=\"1\" preserveAspectRatio=\"none\" image-rendering=\"optimizeSpeed\" style=\"image-rendering:pixelated\" transform=\"matrix(\(matrix))\" xlink:href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>"
    )
  }

  /// The legend lines of the depth layer: what is drawn, the colour scale and the share of
  /// pixels without a return.
  func depthLegendLines(frame: FrameSnapshot) -> [LegendEntry] {
    guard let depthLayer, let map = depthLayer.depth(in: frame)?.depthMap else { return [] }
    var lines: [LegendEntry] = [
      .text("\(depthLayer.rawValue) \(map.width)x\(map.height), z-depth (m):")
    ]
    let returns = map.depthMeters.filter { $0 > 0 }.count
    if let scale = Self.depthScale(of: map) {
      lines.append(.depthScale(scale))
    }
    let percent = Double(map.depthMeters.count - returns) / Double(map.depthMeters.count) * 100
    lines.append(
      .text("no return: not coloured (\(AxisTicks.fixed(percent, decimals: 1)) % of pixels)"))
    return lines
  }

  /// The height of the colour scale entry: the bar, its ticks and their labels.
  var depthScaleHeight: Double { Self.depthBarHeight + 6 + fontSize + 10 }

  /// The colour bar's size, user units.
  static let depthBarWidth = 240.0
  static let depthBarHeight = 14.0

  /// The colour scale with its top-left at `(x + 14, top)`: a bar filled with the ramp as a
  /// linear gradient (the ramp's stops, so the bar shows exactly the layer's colours) from
  /// `scale.lower` on the left to `scale.upper` on the right, and a tick with its label (metres)
  /// at every tick value.
  func drawDepthScale(_ scale: AxisTicks, into svg: inout SVGDocument, x: Double, top: Double) {
    let id = "\(idPrefix)depth-ramp"
    let stops = Self.depthRamp.stops.map { stop in
      let color = ColorRamp.rounded(stop)
      return
        "<stop offset=\"\(SVGDocument.number(stop.position * 100))%\" stop-color=\"\(ColorRamp.hex(color))\"/>"
    }.joined()
    svg.append(
      raw:
        "<defs><linearGradient id=\"\(id)\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\">\(stops)</linearGradient></defs>"
    )
    let bar = Rect(x: x + 14, y: top, width: Self.depthBarWidth, height: Self.depthBarHeight)
    svg.rect(bar, style: "id=\"\(idPrefix)depth-scale\" fill=\"url(#\(id))\" stroke=\"#666666\"")
    let span = scale.upper - scale.lower
    for value in scale.values {
      let tickX = bar.minX + (value - scale.lower) / span * bar.width
      svg.line(
        from: Point(x: tickX, y: bar.maxY), to: Point(x: tickX, y: bar.maxY + 4),
        style: "stroke=\"#666666\" stroke-width=\"1\"")
      svg.text(
        scale.label(value), at: Point(x: tickX, y: bar.maxY + 6 + fontSize), size: fontSize,
        anchor: "middle", style: "class=\"depth-tick\" fill=\"#222\"")
    }
  }
}
