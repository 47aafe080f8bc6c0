package dev.isola.appserver.testapps.calc;

import jakarta.ejb.Remote;

@Remote
public interface Calculator {
    int add(int a, int b);
}
