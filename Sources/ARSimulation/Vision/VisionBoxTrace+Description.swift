import SpatialMath

extension VisionBoxTrace: CustomStringConvertible {
  /// The box and its centre in every space, one line each, then the ray:
  ///
  /// ```
  /// vision normalized (lower-left)   (0.4, 0.4) size 0.2 x 0.2        centre (0.5, 0.5)
  /// oriented image normalized        (0.4, 0.425) size 0.2 x 0.15     centre (0.5, 0.5)
  /// image normalized                 ...
  /// image pixels                     ...
  /// viewport normalized              ...
  /// viewport points                  ...
  /// ray                              ray from (0, 0, 0) m along (0, 0, -1)
  /// ```
  public var description: String {
    func row(_ name: String, _ rect: Rect, _ centre: Point) -> String {
      let label = name.padding(to: 33)
      let box = "\(rect)".padding(to: 36)
      return "\(label)\(box)centre \(centre)"
    }
    var lines = [
      row("vision normalized (lower-left)", visionNormalized, center.visionNormalized),
      row("oriented image normalized", orientedImageNormalized, center.orientedImageNormalized),
      row("image normalized", imageNormalized, center.imageNormalized),
      row("image pixels", imagePixels, center.imagePixels),
      row("viewport normalized", viewportNormalized, center.viewportNormalized),
      row("viewport points", viewportPoints, center.viewportPoints),
    ]
    lines.append("ray".padding(to: 33) + (ray.map { "\($0)" } ?? "none"))
    return lines.joined(separator: "\n")
  }
}

extension String {
  /// The string followed by spaces up to `width` characters (at least one space).
  fileprivate func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(width - count, 1))
  }
}
