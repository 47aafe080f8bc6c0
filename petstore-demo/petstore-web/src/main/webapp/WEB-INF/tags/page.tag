<%@ tag pageEncoding="UTF-8" description="The layout of every page: header with search, cart and account links; category bar; footer." %>
<%@ attribute name="title" required="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<%@ taglib prefix="fn" uri="jakarta.tags.functions" %>
<c:set var="ctx" value="${pageContext.request.contextPath}"/>
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${fn:escapeXml(title)} · Pet Store</title>
  <link rel="stylesheet" href="${ctx}/static/css/petstore.css">
  <link rel="icon" type="image/svg+xml" href="${ctx}/static/img/logo.svg">
</head>
<body>
<header class="site-header">
  <a class="brand" href="${ctx}/"><img src="${ctx}/static/img/logo.svg" alt="" width="36" height="36"><span>Pet Store</span></a>
  <form class="search" action="${ctx}/search" method="get" role="search">
    <input type="search" name="q" value="${fn:escapeXml(param.q)}" placeholder="Search pets" aria-label="Search pets" maxlength="200">
    <button type="submit">Search</button>
  </form>
  <nav class="account-nav" aria-label="Your account">
    <a href="${ctx}/cart" class="cart-link">Cart<c:if test="${sessionScope.cartCount > 0}"> <span class="badge">${sessionScope.cartCount}</span></c:if></a>
    <c:choose>
      <c:when test="${not empty sessionScope.user}">
        <a href="${ctx}/orders">My orders</a>
        <a href="${ctx}/account">Account</a>
        <form action="${ctx}/signoff" method="post" class="inline"><button type="submit" class="link">Sign off</button></form>
      </c:when>
      <c:otherwise>
        <a href="${ctx}/signon">Sign on</a>
        <a href="${ctx}/register">Register</a>
      </c:otherwise>
    </c:choose>
  </nav>
</header>
<nav class="category-bar" aria-label="Categories">
  <a href="${ctx}/category?id=FISH">Fish</a>
  <a href="${ctx}/category?id=DOGS">Dogs</a>
  <a href="${ctx}/category?id=REPTILES">Reptiles</a>
  <a href="${ctx}/category?id=CATS">Cats</a>
  <a href="${ctx}/category?id=BIRDS">Birds</a>
</nav>
<main>
<jsp:doBody/>
</main>
<footer class="site-footer">
  <p>Pet Store, a Jakarta EE demo application. No animals are harmed, shipped or charged for.</p>
</footer>
</body>
</html>
