package dev.isola.mvm.link.codec;

/**
 * How a codec session serializes each class: with Apache Fory, by code generated and compiled for
 * it or by reflection (both write the same bytes, so the two ends of a link may mix these two), or
 * with the JDK's own serialization (another format: both ends must use it).
 */
public enum Serializers {

    /**
     * A serializer class generated and compiled for each class, on its first value: fastest per
     * value, but the first value of each class costs its compilation (tens to hundreds of
     * milliseconds in a JVM that has just started). For links that carry many values.
     */
    COMPILED,

    /**
     * Reflection over each class's fields: slower per value, nothing to compile. For links that
     * carry few values and whose first ones matter, such as a domain's control link, whose first
     * reply is the "ready" of an isolate that has just started.
     */
    INTERPRETED,

    /**
     * The JDK's serialization ({@code java.io.ObjectOutputStream}), with the allow-list applied as
     * a deserialization filter: no session, so each payload carries its classes' descriptions,
     * slower and larger per value than Fory, but Fory is never loaded. An idle domain's only
     * values are its control link's; Fory would cost it ~700 classes and ~5 MB of private memory
     * (docs/results/footprint/idle-breakdown/control-codec/). Both ends of the link must use it.
     */
    JAVA
}
