/// Something for the tests to call.
public enum Flicker {
    public static func merge(_ a: [Int], _ b: [Int]) -> [Int] { (a + b).sorted() }
}
