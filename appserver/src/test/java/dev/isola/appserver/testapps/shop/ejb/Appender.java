package dev.isola.appserver.testapps.shop.ejb;

import jakarta.ejb.Remote;

import java.util.List;

@Remote
public interface Appender {
    /** Adds {@code item} to {@code list} and returns it: by value, the caller's list stays as it was. */
    List<String> append(List<String> list, String item);
}
