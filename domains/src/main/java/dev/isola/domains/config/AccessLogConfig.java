package dev.isola.domains.config;

import dev.isola.appserver.web.AccessLog;

/**
 * Whether a domain writes an HTTP access log, and how: the {@code accessLog} of its
 * configuration. Off unless asked for, as in GlassFish, WildFly and Open Liberty: a line per
 * request is disk space and I/O that not every domain wants. When on, the isolate with the web
 * sub-server writes {@code logs/<isolate>-access.<yyyy-MM-dd>.log} (see {@link AccessLog}).
 *
 * @param enabled whether the log is written
 * @param pattern what each line holds: {@code common}, {@code combined}, or Tomcat access log codes
 * @param maxDays how many days of files are kept
 */
public record AccessLogConfig(boolean enabled, String pattern, int maxDays) {

    public static final AccessLogConfig DEFAULT = new AccessLogConfig(false, AccessLog.DEFAULT_PATTERN, AccessLog.DEFAULT_MAX_DAYS);

    public AccessLogConfig {
        try {
            AccessLog.checkPattern(pattern);
        } catch (IllegalArgumentException e) {
            throw new DomainConfigException("accessLog.pattern", e.getMessage());
        }
        try {
            AccessLog.checkMaxDays(maxDays);
        } catch (IllegalArgumentException e) {
            throw new DomainConfigException("accessLog.maxDays", e.getMessage());
        }
    }

    public AccessLogConfig withEnabled(boolean on) {
        return new AccessLogConfig(on, pattern, maxDays);
    }
}
