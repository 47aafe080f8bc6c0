package dev.isola.mvm.link.codec;

/**
 * How a codec session serializes each class: with code generated and compiled for it, or by
 * reflection. Both write the same bytes, so the two ends of a link may differ.
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
    INTERPRETED
}
