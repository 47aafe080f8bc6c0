<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="${problemTitle}">
  <h1><c:out value="${problemTitle}"/></h1>
  <p class="notice error-summary" role="alert"><c:out value="${problemMessage}"/></p>
  <p>
    <c:if test="${backToCart}"><a class="button" href="${ctx}/cart">Go to your cart</a> </c:if>
    <a href="${ctx}/">Back to the catalog</a>
  </p>
</t:page>
