import APICheckReplay
import Foundation
import GitHubAPI
import KakaoAPI
import LSLPAPI
import TodoAPI
import WireFormat
import WireFormatOpenAPI

/// One use of each library product, so that each is compiled and linked at the consumer's deployment targets.
public enum Consumer {
    public static let dates = ISO8601DateCodec()
    public static let transcoder = WireFormatDateTranscoder.self
    public static let clients: [Any.Type] = [TodoClient.self, GitHubClient.self, KakaoClient.self, LSLPClient.self]
    public static let rules = MatchingRules()
}
