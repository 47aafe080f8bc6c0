package dev.isola.appserver.ejb.link;

import dev.isola.appserver.ejb.ViewReference;

import java.util.UUID;

/**
 * How a call names the view it is for on the wire:
 * {@code <application>/<module>/<bean>/<view type>[#<stateful session>]}, for example
 * {@code shop/shop-ejb/CartBean/com.example.Cart#3f0c…}.
 */
record BeanTarget(String application, String module, String bean, String viewType, UUID session) {

    static String of(ViewReference reference, String module) {
        String base = reference.application() + "/" + module + "/" + reference.bean() + "/" + reference.viewType();
        return reference.session() == null ? base : base + "#" + reference.session();
    }

    /**
     * @throws IllegalArgumentException naming the target if it is not of that form
     */
    static BeanTarget parse(String target) {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String[] parts = path.split("/", -1);
        if (parts.length != 4 || java.util.Arrays.stream(parts).anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("call target '" + target + "' is not application/module/bean/view[#session]");
        }
        UUID session;
        try {
            session = hash < 0 ? null : UUID.fromString(target.substring(hash + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("call target '" + target + "' has a session that is not a UUID", e);
        }
        return new BeanTarget(parts[0], parts[1], parts[2], parts[3], session);
    }

    ViewReference reference() {
        return new ViewReference(application, bean, viewType, session);
    }
}
