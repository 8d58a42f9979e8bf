/// Orders strings as people read them: runs of ASCII digits compare by their numeric value, so
/// `button-2` comes before `button-10`; other characters compare by Unicode scalar value, and
/// equal-valued numbers with different zero padding fall back to the plain comparison.
package enum NaturalOrder {
  /// Whether `a` sorts before `b`.
  package static func precedes(_ a: String, _ b: String) -> Bool {
    let x = Array(a.unicodeScalars)
    let y = Array(b.unicodeScalars)
    var i = 0
    var j = 0
    func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
    while i < x.count, j < y.count {
      if isDigit(x[i]), isDigit(y[j]) {
        var ei = i
        while ei < x.count, isDigit(x[ei]) { ei += 1 }
        var ej = j
        while ej < y.count, isDigit(y[ej]) { ej += 1 }
        // Compare the digit runs without leading zeros: longer is larger, then digit by digit.
        var si = i
        while si < ei - 1, x[si] == "0" { si += 1 }
        var sj = j
        while sj < ej - 1, y[sj] == "0" { sj += 1 }
        if ei - si != ej - sj { return ei - si < ej - sj }
        for k in 0..<(ei - si) where x[si + k] != y[sj + k] {
          return x[si + k].value < y[sj + k].value
        }
        i = ei
        j = ej
      } else {
        if x[i] != y[j] { return x[i].value < y[j].value }
        i += 1
        j += 1
      }
    }
    if x.count - i != y.count - j { return x.count - i < y.count - j }
    return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }
}
