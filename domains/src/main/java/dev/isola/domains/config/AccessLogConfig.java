package dev.isola.domains.config;

import dev.isola.appserver.web.AccessLog;
import dev.isola.mvm.isolate.MemorySize;

/**
 * Whether a domain writes an HTTP access log, and how: the {@code accessLog} of its
 * configuration. Off unless asked for, as in GlassFish, WildFly and Open Liberty: a line per
 * request is disk space and I/O that not every domain wants. When on, the isolate with the web
 * sub-server writes {@code logs/<isolate>-access.<yyyy-MM-dd>.log}, and with a size limit a day
 * that fills it goes on in {@code .001.log}, {@code .002.log}, ... (see {@link AccessLog}).
 *
 * @param enabled     whether the log is written
 * @param pattern     what each line holds: {@code common}, {@code combined}, or Tomcat access log codes
 * @param maxDays     how many days of files are kept
 * @param maxFileSize how large a file grows before the next one of its day starts; 0: no limit, a file per day
 */
public record AccessLogConfig(boolean enabled, String pattern, int maxDays, MemorySize maxFileSize) {

    public static final AccessLogConfig DEFAULT = new AccessLogConfig(false, AccessLog.DEFAULT_PATTERN, AccessLog.DEFAULT_MAX_DAYS,
            AccessLog.NO_SIZE_LIMIT);

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
        try {
            AccessLog.checkMaxFileSize(maxFileSize);
        } catch (IllegalArgumentException e) {
            throw new DomainConfigException("accessLog.maxFileSize", e.getMessage());
        }
    }

    public AccessLogConfig withEnabled(boolean on) {
        return new AccessLogConfig(on, pattern, maxDays, maxFileSize);
    }
}
