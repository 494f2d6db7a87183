vcl 4.1;
# Varnish in front of the site, as a CDN would be (docs/deploy.md, decision 119): it keeps the public pages and
# pictures the site marks shareable (s-maxage, stale-while-revalidate) and drops them by surrogate key when the
# site's purge hook (CDN_PURGE_URL=http://127.0.0.1:6081/_cdn/purge) names one. Anything personal passes through:
# the staff console, any request with the staff session cookie or credentials, any answer that sets a cookie or
# says private or no-store.
#
# Start: varnishd -f /etc/varnish/maison-ivy.vcl -a :6081 -s malloc,256m
# with CDN_PURGE_TOKEN in varnishd's environment (the same as the site's) to take purges from other machines.

import std;

backend site {
	.host = "127.0.0.1";
	.port = "3000";
}

# Where a purge may come from without the token: the site on this machine.
acl purgers {
	"127.0.0.1";
	"::1";
}

sub vcl_recv {
	if (req.url == "/_cdn/purge") {
		if (req.method != "POST") {
			return (synth(405, "Purges are POSTed"));
		}
		if (!(client.ip ~ purgers) && (std.getenv("CDN_PURGE_TOKEN") == "" || req.http.Fastly-Key != std.getenv("CDN_PURGE_TOKEN"))) {
			return (synth(403, "Purges need the token"));
		}
		# Keys as the site names them (app/domain/shared-cache.ts): nothing that could widen the ban's pattern.
		if (req.http.Surrogate-Key !~ "^[a-z0-9_:-]+( [a-z0-9_:-]+)*$") {
			return (synth(400, "Send the keys, space-separated, in Surrogate-Key"));
		}
		# A ban's argument ends at a space, so the pattern has none: \s between keys.
		ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.Surrogate-Key, " ", "|") + ")(\s|$)");
		return (synth(200, "Purged"));
	}
	if (req.method != "GET" && req.method != "HEAD") {
		return (pass);
	}
	# The console, and anyone signed in to it or sending credentials: never from the cache, never into it.
	if (req.url ~ "(?i)^/(%73|s)(%74|t)(%61|a)(%66|f)(%66|f)(/|\.|\?|$)" || req.http.Authorization ||
	    req.http.Cookie ~ "(^|;\s*)(__Host-)?staff-session=") {
		return (pass);
	}
	# The public site reads no cookie: a visitor's other cookies must not make every visitor a cache miss.
	unset req.http.Cookie;
	return (hash);
}

sub vcl_backend_response {
	# A cookie being set, or an answer the site keeps to one visitor: passed on, never stored.
	if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)private|no-store|no-cache" ||
	    beresp.http.Cache-Control !~ "(?i)public") {
		set beresp.uncacheable = true;
		# Hit-for-miss, as Varnish's own rule does: the next request goes straight to the site, and its answer may be kept.
		set beresp.ttl = 120s;
		return (deliver);
	}
	# beresp.ttl is already s-maxage's; a stale copy is served while a fresh one is fetched for this long.
	if (beresp.http.Cache-Control ~ "(?i)stale-while-revalidate=[0-9]+") {
		set beresp.grace = std.duration(
			regsub(beresp.http.Cache-Control, "(?i)^.*stale-while-revalidate=([0-9]+).*$", "\1s"), 0s);
	}
	return (deliver);
}

sub vcl_deliver {
	# Whether this answer came from the cache (the site's own X-Cache is about its memory, not this).
	if (obj.hits > 0) {
		set resp.http.X-Cache = "HIT";
	} else {
		set resp.http.X-Cache = "MISS";
	}
	# The keys are for purging here, not for browsers.
	unset resp.http.Surrogate-Key;
	unset resp.http.Cache-Tag;
}
