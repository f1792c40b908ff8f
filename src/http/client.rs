//! Who is asking: the client's address, as the rate limits and the login throttle see it.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::http::HeaderMap;

/// The address a request counts under, for the sign-in throttle and the rate limits:
/// `rate_key` of the client's address behind `hops` proxies (`Config::trust_proxy_hops`).
pub fn client_address(headers: &HeaderMap, peer: SocketAddr, hops: usize) -> String {
    rate_key(client_ip(headers, peer, hops)).to_string()
}

/// The client's address. Without trusted proxies (`hops == 0`) it is the connection's
/// peer, and `X-Forwarded-For` is ignored. Behind `hops` trusted proxies, each of which
/// appends the address it received the request from, it is the entry `hops` places from
/// the right: the one the outermost trusted proxy wrote. Entries further left were
/// written by the client and prove nothing. A header shorter than `hops` (a proxy that
/// did not append) gives its left-most entry; a missing or unreadable one gives the peer.
pub fn client_ip(headers: &HeaderMap, peer: SocketAddr, hops: usize) -> IpAddr {
    if hops == 0 {
        return peer.ip();
    }
    // Several `X-Forwarded-For` lines form one list, in order (RFC 9110, 5.3).
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    let Some(entry) = entries.len().checked_sub(hops).map_or(entries.first(), |at| entries.get(at)) else {
        return peer.ip();
    };
    entry.parse::<IpAddr>().map(canonical).unwrap_or_else(|_| peer.ip())
}

/// The key a per-client limit counts under: the address itself for IPv4, and the /64
/// network for IPv6, since one customer line is given a whole /64 and can pick any
/// address in it.
pub fn rate_key(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => {
            let network = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(network))
        }
    }
}

/// An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(lines: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for line in lines {
            map.append("x-forwarded-for", line.parse().unwrap());
        }
        map
    }

    const PEER: &str = "10.0.0.9:4000";

    fn ip(lines: &[&str], hops: usize) -> String {
        client_ip(&headers(lines), PEER.parse().unwrap(), hops).to_string()
    }

    #[test]
    fn forwarded_addresses_count_only_when_a_proxy_is_trusted() {
        assert_eq!(ip(&["203.0.113.7"], 0), "10.0.0.9");
        assert_eq!(ip(&["203.0.113.7"], 1), "203.0.113.7");
    }

    #[test]
    fn the_entry_a_trusted_proxy_wrote_wins_over_what_the_client_wrote() {
        // The client sent "1.1.1.1, 2.2.2.2"; our one proxy appended the real address.
        assert_eq!(ip(&["1.1.1.1, 2.2.2.2, 203.0.113.7"], 1), "203.0.113.7");
        assert_eq!(ip(&["1.1.1.1", "2.2.2.2, 203.0.113.7"], 1), "203.0.113.7");
        // Two proxies: the outer one wrote the client, the inner one the outer proxy.
        assert_eq!(ip(&["1.1.1.1, 203.0.113.7, 10.0.0.2"], 2), "203.0.113.7");
        assert_eq!(ip(&["203.0.113.7"], 2), "203.0.113.7");
        assert_eq!(ip(&["not an address"], 1), "10.0.0.9");
        assert_eq!(ip(&[], 1), "10.0.0.9");
    }

    #[test]
    fn ipv6_clients_are_limited_by_their_64_network() {
        let a = rate_key("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = rate_key("2001:db8:1:2:ffff:1:2:3".parse().unwrap());
        let c = rate_key("2001:db8:1:3::1".parse().unwrap());
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(rate_key("::ffff:192.0.2.1".parse().unwrap()).to_string(), "192.0.2.1");
    }
}
